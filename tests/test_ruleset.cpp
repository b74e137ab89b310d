#include <catch2/catch.hpp>

#include "core/rules/ruleset.hpp"
#include "core/rules/tromp_taylor.hpp"

using namespace gotb;

TEST_CASE("rulesets parse and print canonically", "[rules]") {
  RuleSet tt = RuleSet::parse("tromp-taylor");
  CHECK(tt.to_string() == "tromp-taylor");
  CHECK(tt.get("ko") == "positional");
  CHECK(tt.get("suicide") == "yes");
  RuleSet v = RuleSet::parse("tromp-taylor:suicide=no,ko=situational");
  CHECK(v.to_string() == "tromp-taylor:ko=situational,suicide=no");
  CHECK(RuleSet::parse(v.to_string()) == v);
  CHECK(RuleSet::parse("tromp-taylor:ssk,no-suicide") == v);
  CHECK(RuleSet::parse(" tromp-taylor : ko=positional ") == tt);  // explicit default
  CHECK(RuleSet::parse("tromp-taylor:ko=positional").to_string() == "tromp-taylor");
  CHECK(v.hash() == RuleSet::parse(v.to_string()).hash());
  CHECK(v.hash() != tt.hash());
  CHECK(tt.with("ko", "situational") == RuleSet::parse("tromp-taylor:ssk"));
  auto cfg = TrompTaylorConfig::from(v);
  CHECK(cfg.situational);
  CHECK(cfg.suicide == SuicideRule::Forbidden);
}

TEST_CASE("bad rulesets give clear errors", "[rules][errors]") {
  CHECK_THROWS_WITH(RuleSet::parse("chinese"), Catch::Contains("unknown ruleset 'chinese'") &&
                                                   Catch::Contains("tromp-taylor"));
  CHECK_THROWS_WITH(RuleSet::parse("tromp-taylor:ko=simple"),
                    Catch::Contains("cannot be 'simple'") && Catch::Contains("positional, situational"));
  CHECK_THROWS_WITH(RuleSet::parse("tromp-taylor:komi=7"), Catch::Contains("no option 'komi'"));
  CHECK_THROWS_WITH(RuleSet::parse("tromp-taylor:fast"), Catch::Contains("not an option"));
  CHECK_THROWS_WITH(RuleSet::parse("tromp-taylor:ko=situational,ko=positional"), Catch::Contains("twice"));
  CHECK_THROWS_WITH(RuleSet::parse("tromp-taylor:"), Catch::Contains("empty option"));
  CHECK_THROWS_AS(RuleSet::parse("tromp-taylor:ko=x"), RulesError);
}

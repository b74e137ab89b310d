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

namespace {

// Every ruleset of a family: the cartesian product of its option values.
std::vector<RuleSet> every_variant(const RulesFamily& f) {
  std::vector<RuleSet> out{RuleSet::defaults(f.name)};
  for (const auto& o : f.options) {
    std::vector<RuleSet> next;
    for (const RuleSet& r : out)
      for (const auto& v : o.values) next.push_back(r.with(o.key, v));
    out = std::move(next);
  }
  return out;
}

}  // namespace

TEST_CASE("every ruleset round-trips between text and typed options", "[rules]") {
  std::size_t total = 0;
  for (std::size_t i = 0; i < rules_families().size(); ++i) {
    const RulesFamily& f = rules_families()[i];
    CHECK(static_cast<std::size_t>(f.id) == i);  // the table is indexed by Family
    CHECK(RuleSet::defaults(f.id) == RuleSet::defaults(f.name));
    CHECK(RuleSet::defaults(f.id).options() == f.fixed);
    for (const auto& o : f.options) REQUIRE(o.codes.size() == o.values.size());
    const std::vector<RuleSet> all = every_variant(f);
    for (std::size_t a = 0; a < all.size(); ++a) {
      const RuleSet& r = all[a];
      INFO(r.to_string());
      CHECK(r.family_id() == f.id);
      CHECK(RuleSet::parse(r.to_string()) == r);
      CHECK(RuleSet::parse(r.to_string()).options() == r.options());
      CHECK(RuleSet::of(r.options()) == r);
      CHECK(RuleSet::of(r.options()).to_string() == r.to_string());
      CHECK(RuleSet::parse(r.to_string()).hash() == r.hash());
      for (const auto& o : f.options) CHECK(r.with(o.key, r.get(o.key)) == r);
      // Distinct texts are distinct typed values (the option codes are injective).
      for (std::size_t b = 0; b < a; ++b) {
        CHECK(!(all[b].options() == r.options()));
        CHECK(all[b].hash() != r.hash());
      }
      ++total;
    }
  }
  CHECK(total == 6 + 8 + 3 + 1 + 4 + 1);  // the families' option products
}

TEST_CASE("every named preset is the ruleset its text names", "[rules]") {
  struct Named {
    RulesOptions preset;
    const char* text;
  };
  const Named named[] = {
      {presets::kTrompTaylor, "tromp-taylor"},
      {presets::kTrompTaylorSituational, "tromp-taylor:ssk"},
      {presets::kTrompTaylorBasicKo, "tromp-taylor:basic-ko"},
      {presets::kInternational, "international"},
      {presets::kIkeda1, "ikeda-1"},
      {presets::kKee2016, "kee-2016"},
      {presets::kKee2005Chinese, "kee-2005:chinese"},
      {presets::kKee2005Japanese, "kee-2005:japanese"},
      {presets::kJapanese2003, "japanese-2003"},
  };
  CHECK(std::size(named) == presets::kAll.size());
  for (std::size_t i = 0; i < std::size(named); ++i) {
    INFO(named[i].text);
    CHECK(named[i].preset == presets::kAll[i]);
    CHECK(RuleSet::of(named[i].preset) == RuleSet::parse(named[i].text));
    CHECK(RuleSet::parse(named[i].text).options() == named[i].preset);
  }
  // The table's rulesets are all presets.
  for (const auto& f : rules_families())
    for (const auto& v : f.table_variants) {
      bool found = false;
      for (const auto& p : presets::kAll) found = found || RuleSet::of(p) == RuleSet::parse(v);
      CHECK((found || v.find("suicide=no") != std::string::npos));
    }
  CHECK(presets::kKee2005Japanese.scoring == Scoring::Territory);
  CHECK(presets::kJapanese2003.suicide == SuicideRule::Forbidden);
}

TEST_CASE("typed options the family does not offer are refused", "[rules][errors]") {
  RulesOptions kee2016 = presets::kKee2016;
  kee2016.ko = KoRule::Basic;
  CHECK_THROWS_AS(RuleSet::of(kee2016), RulesError);
  RulesOptions tt = presets::kTrompTaylor;
  tt.scoring = Scoring::Territory;
  CHECK_THROWS_WITH(RuleSet::of(tt), Catch::Contains("tromp-taylor"));
  RulesOptions intl = presets::kInternational;
  intl.ko = KoRule::Situational;
  CHECK_THROWS_WITH(RuleSet::of(intl), Catch::Contains("positional, basic-exceptional"));
}

TEST_CASE("rulesets declare the solvers that serve them", "[rules]") {
  CHECK(RuleSet::of(presets::kTrompTaylor).support().superko_search);
  CHECK(RuleSet::of(presets::kTrompTaylorSituational).support().fixpoint_kernel);
  const RulesSupport basic = RuleSet::of(presets::kTrompTaylorBasicKo).support();
  CHECK((!basic.superko_search && basic.exact_kernel && !basic.repeated_state && !basic.fixpoint_kernel));
  CHECK(RuleSet::of(presets::kKee2016).support().kee2016_search);
  for (const auto& p : presets::kAll) {
    const RulesSupport s = RuleSet::of(p).support();
    INFO(RuleSet::of(p).to_string());
    // Only the tromp-taylor superko family has the retrograde and superko-search machinery.
    CHECK(s.superko_search == (p.family == Family::TrompTaylor && p.ko != KoRule::Basic));
    CHECK(!(s.superko_search && s.generic_search));  // one search per ruleset
    // Every seed ruleset has an exact search (docs/solving.md section 4).
    CHECK(s.generic_search == (p.family != Family::TrompTaylor));
  }
}

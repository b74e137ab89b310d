#include "generator/search/search_team.hpp"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace gotb::search {

SearchTeam::SearchTeam(const Board& board, const TrompTaylorConfig& cfg, double komi, SearchOptions opt,
                       int threads, const std::vector<Move>& history)
    : share_(opt.team_split ? DeepeningShare::Mode::Split : DeepeningShare::Mode::Pair, std::max(threads, 1)) {
  if (threads < 1) throw std::invalid_argument("search team: at least one thread");
  if (opt.transpositions) {
    table_ = opt.table ? opt.table
                       : std::make_shared<SearchTable>(board, cfg, table_megabytes_for(opt, board.size()),
                                                       proof_megabytes_for(opt, board.size()),
                                                       opt.max_dependencies, opt.huge_pages, opt.wide_ring);
    opt.table = table_;
  }
  opt.stop = &stop_;
  if (threads > 1) opt.share = &share_;
  for (int k = 0; k < threads; ++k) {
    SearchOptions o = opt;
    o.diversify = k;
    // With --progress every member traces its tests (search_solver.cpp, deepen()).
    members_.push_back(std::make_unique<TrompTaylorSearch>(board, cfg, komi, o));
    for (Move m : history) members_.back()->play(m);
  }
}

SearchStats SearchTeam::total_stats() const {
  SearchStats t;
  for (const auto& m : members_) {
    const SearchStats& s = m->stats();
    t.nodes += s.nodes;
    t.probes += s.probes;
    t.cutoffs += s.cutoffs;
    t.history_rejects += s.history_rejects;
    t.benson_cutoffs += s.benson_cutoffs;
    t.stores += s.stores;
    t.unstorable += s.unstorable;
    t.horizon_nodes += s.horizon_nodes;
    t.iterations += s.iterations;
    t.learnt_guesses += s.learnt_guesses;
    t.dropped_guesses += s.dropped_guesses;
    t.idle_capped += s.idle_capped;
    t.reject_cap += s.reject_cap;
    t.fact_scans += s.fact_scans;
    t.fact_scan_holds += s.fact_scan_holds;
    t.reject_lost += s.reject_lost;
    t.reject_absent += s.reject_absent;
    t.reject_present += s.reject_present;
    t.expanded += s.expanded;
    t.cut_nodes += s.cut_nodes;
    t.cut_first += s.cut_first;
    t.cut_moves += s.cut_moves;
    t.all_nodes += s.all_nodes;
    t.abandoned += s.abandoned;
    t.below_capture += s.below_capture;
    t.with_bans += s.with_bans;
    t.benson_start += s.benson_start;
    t.fill_used += s.fill_used;
    t.turned_uses += s.turned_uses;
    t.ring_reused += s.ring_reused;
    for (int a = 0; a < 2; ++a)
      for (int k = 0; k < 3; ++k)
        for (int b = 0; b < 5; ++b) {
          t.stored_lists[a][k][b] += s.stored_lists[a][k][b];
          t.stored_list_words[a][k][b] += s.stored_list_words[a][k][b];
        }
    t.list_reads += s.list_reads;
    t.list_read_words += s.list_read_words;
    t.list_loads += s.list_loads;
    t.list_load_words += s.list_load_words;
    t.list_turned_words += s.list_turned_words;
    t.list_saved_words += s.list_saved_words;
    t.lists_shared += s.lists_shared;
    t.list_shared_words += s.list_shared_words;
    t.store_empty += s.store_empty;
    t.store_superseded += s.store_superseded;
    t.store_evict_same += s.store_evict_same;
    t.store_evict_other += s.store_evict_other;
    t.budget_stops += s.budget_stops;
    t.list_loads_other += s.list_loads_other;
    t.list_load_words_other += s.list_load_words_other;
    t.store_changed += s.store_changed;
    t.seed_probes += s.seed_probes;
    t.seed_used += s.seed_used;
    t.seed_cutoffs += s.seed_cutoffs;
  }
  // The profile (depth histogram, tests) is the first member's.
  if (!members_.empty()) t.profile = members_.front()->stats().profile;
  return t;
}

std::string SearchTeam::summary() const {
  std::string out = "team: " + std::to_string(members_.size()) +
                    (members_.size() == 1 ? " thread" : " threads on one table") + ", nodes per thread:";
  for (const auto& m : members_) out += " " + std::to_string(m->stats().nodes);
  out += "; list words read per node per thread:";
  for (const auto& m : members_) {
    const SearchStats& s = m->stats();
    out += " " + std::to_string(s.nodes ? s.list_read_words / s.nodes : 0);
  }
  out += "; busy CPU s per thread:";
  for (double b : busy_) {
    char buf[32];
    std::snprintf(buf, sizeof buf, " %.2f", b);
    out += buf;
  }
  out += "; the last answer came from thread " + std::to_string(winner_) + "\n";
  return out;
}

}  // namespace gotb::search

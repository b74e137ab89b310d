// Kee Rules of Go, July 2005 version, for two players, as a game with its
// full record (docs/rules/kee-2005.md; text: shared/rules/kee-2005.txt).
//
// Moves: occupying moves, ban-deleting passes (MoveKind::Pass, "pass") and
// ban-keeping passes (MoveKind::BanKeepingPass, "keep"). A ban is recorded
// before every move: the situation (position, mover) and the history (the
// distinct situations since the last ban-deleting pass of the phase, or
// since the phase began). The game runs the common phase, then (Japanese
// scoring) Black's and White's confirmation phases from the common
// position, and scores (rule F).
//
// The reference solver runs it without its cache: the prohibitions compare
// whole histories of earlier bans (rule C.2b, D.2b), which is not a
// property of a set of earlier situations (docs/solving.md).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "core/rules/game_history.hpp"
#include "core/rules/ruleset.hpp"
#include "core/symmetry.hpp"
#include "core/value.hpp"

namespace gotb {

struct Kee2005Config {
  bool japanese = false;  // scoring=japanese (F.6) instead of chinese (F.5)
  SuicideRule suicide = SuicideRule::Allowed;
  static Kee2005Config from(const RuleSet& rules);  // rules.family() must be kee-2005
};

// Rule F for two players, exposed for tests. `blocked` are indeterminate
// points of the scoring position (F.1c): neither occupied nor unoccupied.
struct Kee2005Scoring {
  // F.2: the groups of colour c in `pos` whose adjacent unoccupied points the
  // opponent, moving alone (c only passes), can never occupy all at once.
  static Mask irremovable(const Board& b, const Position& pos, Mask blocked, Color c, SuicideRule suicide);
  // F.3 / F.4: `groups` plus the unoccupied groups adjacent to them and only
  // to them (any other occupied or indeterminate neighbour disqualifies).
  static Mask area(const Board& b, const Position& pos, Mask blocked, Mask groups);
};

// What a move changes (Kee2005Game::Undo; core/rules/game_history.hpp): the
// bans live in the phase records, so only the move and a phase end.
struct Kee2005Undo {
  bool phase_ended = false;
  Move move = Move::pass();
};

// Move text: "pass" (ban-deleting), "keep" (ban-keeping) or a point name.
class Kee2005Game : public GameHistory<Kee2005Undo, MoveKind::BanKeepingPass> {
 public:
  enum class Phase : std::uint8_t { Common, BlackConfirmation, WhiteConfirmation, Over };

  Kee2005Game(const Board& board, const RuleSet& rules, double komi);

  const Position& position() const { return cur().bans.back().pos; }
  Color to_move() const { return cur().bans.back().mover; }
  Phase phase() const { return over_ ? Phase::Over : static_cast<Phase>(phases_.size() - 1); }
  // Stones of colour c removed in the common phase so far (F.6c).
  int removed_in_common_phase(Color c) const { return phases_[0].bans.back().removed[index(c)]; }
  const Position& common_position() const { return ends_[0]; }       // once the common phase ended
  const Position& confirmed_position(Color c) const { return ends_[1 + index(c)]; }  // Japanese

  bool is_over() const { return over_; }
  // The score once is_over() (rule F, minus komi); before that the area
  // count of the current position, for display only.
  Value outcome() const;
  Value min_outcome() const;
  // The proof-number search's estimate of a node (HasEstimate, order only):
  // the area count of the current position, or the score once over.
  Value estimate() const { return outcome(); }
  Value max_outcome() const;

  // Occupying moves (point order), then the ban-deleting pass, then the
  // ban-keeping pass. Passes are never restricted.
  void legal_moves(std::vector<Move>& out) const;
  bool is_legal(Move m, std::string* why = nullptr) const;
  void play(Move m);  // m must be legal
  void undo();

  // The generic search's hooks (generator/search/generic_search.hpp;
  // docs/solving.md section 4, "kee-2005"). Key: the phase, the positions
  // that ended the earlier phases, the common phase's removal counts
  // (japanese scoring, common phase only; later key_shift()), the current
  // situation, the current history (the situations of the current window,
  // as a set), and of the previous ban its situation and two flags (is its
  // history the current history plus its own situation? just its own
  // situation?), which is all C.3 / D.3 read of it. Facts: what C.2 / D.2
  // read of the earlier bans, one fact per situation (common phase) or per
  // (point, neighbour pattern) (confirmation phases). With contained facts (session 23) a
  // fact is what one C.2 / D.2 test examines: the id names the situation
  // (pattern) and the examined history X (the new ban's history W plus the
  // new situation), the value is 1 iff some ban of the phase with that
  // situation (pattern) has a history contained in X; tests that the key
  // alone decides (an earlier ban of the current window with the situation
  // or pattern: its history is part of W) list no fact. Histories X are
  // numbered append-only (ids hold the numbers). With contained facts off
  // (below), or once that store is full (kSetBytes), a fact is
  // the session-20 one: the minimal histories of the phase's bans with
  // that situation or pattern, interned (an equal value is an equal set).
  void search_key(std::vector<std::uint64_t>& key) const;
  void legal_moves_with_facts(std::vector<Move>& out, std::vector<std::uint64_t>& facts) const;
  void current_facts(std::vector<std::uint64_t>& facts) const;
  std::int64_t fact(std::uint64_t id) const;
  // Memory held by interned fact values, and their release (only while no
  // stored value is in use: the search calls it when it clears its table).
  std::size_t fact_bytes() const { return family_bytes_; }
  void clear_fact_values() const {
    family_ids_.clear();
    family_bytes_ = 0;
    family_cache_.assign(family_cache_.size(), -1);
  }
  // Japanese scoring, confirmation phases: the removals of the common phase
  // are fixed and enter the score only as F.6c's constant, so the key
  // leaves them out and the value shifts by 2 * (white removed - black
  // removed) in Value::order units.
  std::int32_t key_shift() const {
    if (!cfg_.japanese || phases_.size() == 1) return 0;
    const Ban& last = phases_[0].bans.back();
    return 2 * (last.removed[1] - last.removed[0]);
  }
  // Bounds on every score that can end the game from here, whatever the
  // history and the play (docs/solving.md section 4, "Outcome bounds of a
  // node"): under japanese scoring in a confirmation phase the common
  // position and the common phase's removals are fixed, and F.6 then
  // bounds the score; in White's confirmation phase Black's confirmed
  // position narrows it further (a point that it and White's differ on is
  // indeterminate, in no permanent area). Elsewhere min_outcome(),
  // max_outcome(). Those bound every line; two more bound only the node's
  // value, from a side's strategy "pass for the rest of the game" (pass
  // bounds, session 25; docs/solving.md section 4, "Session 25: kee-2005
  // pass bounds"), and hold under every history with this key: under
  // chinese scoring Benson's area bounds of the position (docs/benson.md),
  // under japanese scoring in the common phase d - n <= value <= d + n with
  // d = white stones - black stones + white removed - black removed so
  // far, n the number of points, narrowed by each side's pass-alive chains
  // and eyes (set_territory_bounds below).
  std::pair<Value, Value> node_outcome_bounds() const;
  // The pass bounds above on or off (default on; off: cross-checks and
  // measurements).
  void set_pass_bounds(bool on) { pass_bounds_ = on; }
  bool pass_bounds() const { return pass_bounds_; }
  // Japanese scoring, common phase: narrow the pass bounds by each side's
  // pass-alive chains and eyes (core/territory_bounds.hpp; session 26,
  // docs/solving.md section 4, "Session 26: territory bounds from
  // pass-alive chains"): Black's value is at least d - n + 2|X_B| + |E_B| +
  // |E'_B| and at most d + n - 2|X_W| - |E_W| - |E'_W|; in the
  // confirmation phases the bounds of F.6 with the common position fixed,
  // narrowed the same way by the chains and eyes that keep their status in
  // both confirmed positions. Default on; off: session 25's bounds
  // (cross-checks and measurements).
  void set_territory_bounds(bool on) { territory_bounds_ = on; }
  // Chinese scoring, the game's first node only (with the pass bounds on):
  // Black's value is at least 0 points before komi, by strategy stealing
  // (session 29; docs/solving.md section 4, "Session 29: kee-2005 chinese,
  // the first player's value is at least 0"). A bound on the value, not on
  // the lines of a passing strategy. Default on; off: cross-checks and
  // measurements, and the tests of the passing strategies' own guarantees.
  void set_root_bound(bool on) { root_bound_ = on; }
  bool root_bound() const { return root_bound_; }
  // The end bound (session 30; docs/solving.md section 4, "Session 30:
  // kee-2005, the pass that ends the game"): where a pass of the player to
  // move ends the game (chinese scoring: the common phase; japanese: White's
  // confirmation phase), she can take that outcome, so it bounds the value
  // on her side. Whether a pass ends the phase is read from the key (C.3 /
  // D.3 compare the new ban with the previous one, whose situation and two
  // flags the key holds) and passes are never restricted, so it holds under
  // every history with the key. A bound on the value, not on the lines of a
  // passing strategy (with the pass bounds on). Default on; off:
  // cross-checks, and the tests of the passing strategies' own guarantees.
  // Under japanese scoring the end of the common phase or of Black's
  // confirmation phase leads to the first node of the next phase instead,
  // whose bounds (F.6 with the common position fixed, "Outcome bounds of a
  // node") the mover can take likewise.
  void set_end_bound(bool on) { end_bound_ = on; }
  bool end_bound() const { return end_bound_; }
  // Whether a pass of this kind by the player to move ends the current
  // phase (C.3 / D.3, reading 1), and the outcome if it ends the game
  // (nullopt where it does not).
  bool pass_ends_phase(MoveKind kind) const;
  std::optional<Value> pass_end_outcome(MoveKind kind) const;
  // The search's move list at the game's first node holds one occupying
  // move per orbit of the board's automorphisms (the empty record is
  // invariant under all of them; session 29, same section). Default on;
  // legal_moves() always lists every move.
  void set_root_symmetry(bool on) { root_symmetry_ = on; }
  // The search's move lists (legal_moves_with_facts) leave out every
  // occupying move that leaves the position unchanged (a one-stone suicide,
  // suicide=yes, common phase): it records the same ban as the ban-keeping
  // pass, which is always legal, and under japanese scoring costs its mover
  // one removed stone (F.6c), so it is never better than that pass (session
  // 33; docs/solving.md section 4, "Session 33: kee-2005, a stone suicide is
  // a ban-keeping pass"). Default on; legal_moves() always lists every
  // move. Off: cross-checks and measurements.
  void set_suicide_pruning(bool on) { suicide_pruning_ = on; }
  // Pass dominance (session 33, same section): where a pass of one kind
  // ends the phase now, the search's move lists leave out the other kind
  // when after it the opponent could end the phase with a pass: both ends
  // leave the same position in the same phase, so the same outcome, and
  // the opponent can force it. This also removes every cycle of the game
  // (they are pass-only; docs/solving.md). Default on; off: cross-checks.
  void set_pass_dominance(bool on) { pass_dominance_ = on; }
  bool pass_dominance() const { return pass_dominance_; }
  // Whether, after a pass of this kind by the player to move, a pass of the
  // opponent would end the phase (read from the current history).
  bool opponent_ends_after(MoveKind kind) const;
  bool suicide_pruning() const { return suicide_pruning_; }
  bool root_symmetry() const { return root_symmetry_; }
  bool territory_bounds() const { return territory_bounds_; }
  // Chinese scoring (session 27; docs/solving.md section 4, "Session 27:
  // where kee-2005 spends its nodes, and reach bounds"): bounds on the
  // node's value from a side's strategy "make a ban-deleting pass at every
  // turn", computed exactly over the positions the opponent can reach by
  // her stone plays alone. Every line of that strategy ends in a position
  // of that reach, so its worst area bounds the value. Without facts (every
  // prohibition ignored) the bound holds under every history with the key
  // and joins node_outcome_bounds() (never weaker than Benson's); with the
  // C.2 prohibitions the current record puts on the opponent's plays in
  // such a line (each a contained fact c((Q, passer), {(R, mover), (Q,
  // passer)}) valued 1, listed) it is the search's strategy bound
  // (HasStrategyBounds): a history that keeps those prohibitions keeps it.
  // Japanese scoring, or reach bounds off: open bounds, no facts.
  std::pair<Value, Value> strategy_bounds(std::int32_t floor, std::int32_t ceiling, std::int32_t beta,
                                          std::vector<std::uint64_t>& facts) const;
  // Both reach bounds on or off. Default off: measured, they decide few
  // nodes and their facts make stored proofs match fewer histories (1x6:
  // 2.3x the CPU for the same bounds; docs/solving.md section 4).
  void set_reach_bounds(bool on) { reach_bounds_ = on; }
  bool reach_bounds() const { return reach_bounds_; }
  // The search's store (HasFactReduction): drops the contained facts that
  // the kept ones imply. A contained fact is monotone in its history X (X1
  // within X2: value 1 at X1 gives 1 at X2, 0 at X2 gives 0 at X1), so per
  // situation or pattern only the largest X valued 0 and the smallest X
  // valued 1 are kept. `f` is sorted by id.
  void reduce_facts(std::vector<std::pair<std::uint64_t, std::int64_t>>& f) const;
  // The search's one-directional reuse (HasFactSides; docs/solving.md
  // section 4, "kee-2005: facts that agree in one direction"): +1 for a
  // contained fact whose value 1 prohibits a move of Black (the situation
  // it names has White to move; the pattern shows a black stone on its
  // point), -1 for White's, 0 for a family fact and for a pattern whose
  // point is empty (a suicide, either player's). Within its phase a
  // contained fact only goes from 0 to 1 (bans accumulate); outside it it
  // is the constant 0: every move maps its old value by a nondecreasing
  // function (identity, "or" with a key-and-move term, or a constant).
  int fact_side(std::uint64_t id) const;
  // Profile only (--progress): the kind of a fact, for counting which facts
  // rejected table entries: 0 / 1 a common-phase family fact of a situation
  // created by White's / Black's play, 2 / 3 the same for contained facts,
  // 4 a confirmation-phase family fact, 5 a confirmation-phase contained fact.
  int fact_kind(std::uint64_t id) const;
  static constexpr const char* kFactKindNames = "family-W family-B contained-W contained-B conf-family conf-contained";
  // Contained facts (above) on or off; set before the first search_key or
  // fact call. Default: on under japanese scoring (the confirmation
  // phases' pattern facts: japanese 1x4 reached its horizon-27 bounds in
  // less than half the nodes), off under chinese scoring (the same probes
  // decided on 2x2 at 1.5-3x the CPU per node; docs/solving.md section 4,
  // "Contained facts (session 23)").
  void set_contained_facts(bool on) { contained_facts_ = on; }
  bool contained_facts() const { return contained_facts_; }
  // Board symmetry for the search's table (session 28; docs/solving.md
  // section 4, "Session 28: kee-2005 board symmetry"). The rules read the
  // board only through its adjacency, so a board automorphism s maps every
  // record to one with the same value, its bans, facts and legal moves
  // mapped by s. symmetric_key() replaces a search_key() by the least of
  // its images (the key of the record mapped by each s) and returns the s
  // that gives it: the frame. The search stores an entry's facts and move
  // mapped into that frame (map_fact, map_move) and reads them back through
  // inverse_frame(). Only contained facts map (their values are 0 / 1 and
  // invariant: c(s(n), s(X)) under s(H) is c(n, X) under H); a family fact
  // (contained facts off, or their store full) maps to kUnmapped outside
  // the identity frame, so an entry resting on one is never reused through
  // a symmetry. Effective only with contained facts on and a board with
  // more than the identity. Default off: measured (session 28), it takes
  // a quarter of the nodes out of chinese 2x2's horizon 18 and gives the
  // CPU back in mapping facts, and costs 2-3x the CPU on 1x6 and 2x3.
  void set_symmetry(bool on) { symmetry_ = on; }
  bool symmetry() const { return symmetry_ && contained_facts_ && sym_.count() > 1; }
  int symmetric_key(std::vector<std::uint64_t>& key) const;
  std::uint64_t map_fact(std::uint64_t id, int s) const;
  Move map_move(Move m, int s) const {
    return m.kind == MoveKind::Play && s != 0 ? Move::play(sym_.perm(s)[m.point]) : m;
  }
  int inverse_frame(int s) const { return sym_.inverse(s); }
  static constexpr std::uint64_t kUnmapped = ~std::uint64_t{0};
  // Memory of the numbered histories X (never released: ids in use hold
  // the numbers; capped at kSetBytes, past which facts fall back to families).
  std::size_t set_bytes() const { return set_bytes_; }
  static constexpr std::size_t kSetBytes = std::size_t{256} << 20;
  // The proof-number search's transpositions (generator/search/
  // proof_number.hpp, HasRecordKey; docs/solving.md section 4, "Session 32:
  // kee-2005, transpositions of the proof-number tree"): the whole state the
  // rest of the game depends on. Replaces `key` by search_key(), the phase
  // (with Over), key_shift(), and per situation of the current phase's bans
  // its minimal histories (as numbered sets): C.2 / D.2 ask only whether
  // some ban with a situation (or a position showing a neighbour pattern)
  // has a history within the new history, which a history's subset answers
  // as well, and no other rule reads earlier bans or earlier phases' bans.
  // Equal record keys are states with the same legal moves, end, outcome
  // and (move by move) successors' record keys, so the same value. False
  // (key left unusable) where the numbered-set store is full.
  bool record_key(std::vector<std::uint64_t>& key) const;
  // Profile only: the current situation occurred earlier in this phase.
  bool in_cycle() const {
    return cur().occ[cur().bans.back().sit].size() > 1;
  }

 private:
  struct Ban {
    Position pos;
    Color mover;
    int window;          // first ban index whose situation is in this ban's history
    int removed[2] = {0, 0};  // common phase: stones of each colour removed so far
    std::uint32_t sit = 0;    // the situation's number (sit_ids_), set by push_ban
    // record_key(): the number (set_number) of this ban's history, computed
    // on first use (a ban's history never changes while it is recorded).
    mutable std::uint32_t hist = kNoHistory;
  };
  static constexpr std::uint32_t kNoHistory = ~std::uint32_t{1};
  mutable std::vector<std::uint64_t> pair_scratch_;
  struct SitKey {
    Mask black, white;
    std::uint8_t mover;
    bool operator==(const SitKey&) const = default;
  };
  struct SitHash {
    std::size_t operator()(const SitKey& s) const {
      std::uint64_t h = (s.black * 0x9e3779b97f4a7c15ULL) ^ (s.white * 0xc2b2ae3d27d4eb4fULL) ^ s.mover;
      return static_cast<std::size_t>(h ^ (h >> 31));
    }
  };
  struct PhaseRecord {
    std::vector<Ban> bans;  // bans[k] is recorded preceding move k of the phase
    // Situation number (sit_ids_) -> indices of its bans; sized on demand.
    std::vector<std::vector<int>> occ;
    const std::vector<int>* find(std::uint32_t sit) const { return sit < occ.size() && !occ[sit].empty() ? &occ[sit] : nullptr; }
  };
  using Undo = Kee2005Undo;
  enum class OccupyCheck { Ok, Occupied, Suicide, Prohibited };

  static SitKey key(const Position& p, Color mover) { return {p.black, p.white, static_cast<std::uint8_t>(index(mover))}; }
  const PhaseRecord& cur() const { return phases_.back(); }
  // Is situation s in the history of a ban whose window is [from, to]?
  bool in_history(std::uint32_t s, int from, int to) const;
  // History of ban j (window [w_j, j]) contained in the window [from, to]
  // plus the extra situation `extra`?
  bool history_contained(int j, int from, int to, std::uint32_t extra) const;
  OccupyCheck check_occupy(int p, PlayOutcome& o) const;
  // A play checked as c with outcome o leaves the position unchanged
  // (set_suicide_pruning).
  bool pass_equivalent(OccupyCheck c, const PlayOutcome& o) const;
  void push_ban(const Ban& b);
  bool phase_end_reached() const;
  Value score() const;
  // F.6 with the given confirmed positions (japanese scoring).
  Value japanese_score(const Position& cb, const Position& cw) const;
  // The F.6 bounds of a confirmation-phase node (node_outcome_bounds), in
  // points: nphases = phases_.size() there, cp the common position, qbc
  // Black's confirmed position (nphases 3 only), p the node's position.
  std::pair<int, int> confirmation_bounds(std::size_t nphases, const Position& cp, const Position& qbc,
                                          const Position& p) const;

  // Search hooks: situations and neighbour patterns numbered on first sight
  // (never renumbered: keys and fact ids hold the numbers), the sorted
  // situation numbers of ban j's history, the fact id of an occupying move
  // at p creating `next` in `phase`, and interned fact values.
  std::uint32_t sit_id(const SitKey& s) const;
  std::vector<std::uint32_t> history_set(const PhaseRecord& ph, int j) const;
  std::uint64_t occupy_fact(std::size_t phase, int p, const Position& next, Color next_mover) const;
  // The fact of an occupying move at p creating `next` in `phase` whose new
  // ban's history is x (sorted situation numbers): a contained fact where
  // possible, else occupy_fact's family fact.
  std::uint64_t move_fact(std::size_t phase, int p, const Position& next, Color next_mover,
                          const std::vector<std::uint32_t>& x) const;
  // Does a ban of the current window [w, k] prohibit the move (its history
  // is part of the current history, so the key decides: no fact)?
  bool window_prohibits(int p, const Position& next, std::uint32_t next_sit) const;
  // Value of a contained fact: some ban of the current phase with
  // situation (pattern) n has a history within numbered set xn.
  bool contained_value(std::size_t phase, std::uint32_t n, std::uint32_t xn) const;
  std::uint32_t set_number(const std::vector<std::uint32_t>& x) const;  // ~0u when the store is full
  // Reach bounds (strategy_bounds, node_outcome_bounds): the extreme area
  // over the positions `mover` reaches from `from` by her plays alone, her
  // opponent passing; see kee2005.cpp.
  int reach_extreme(const Position& from, Color mover, std::int32_t stop, std::vector<std::uint64_t>* blocked,
                    bool* complete) const;
  std::uint64_t contained_id(std::size_t phase, std::uint32_t n, std::uint32_t xn) const;
  static constexpr std::size_t kReachCap = std::size_t{1} << 14;  // positions; past it no reach bound
  struct PosHash {
    std::size_t operator()(const std::pair<Mask, Mask>& p) const {
      std::uint64_t h = (p.first * 0x9e3779b97f4a7c15ULL) ^ (p.second * 0xc2b2ae3d27d4eb4fULL);
      return static_cast<std::size_t>(h ^ (h >> 31));
    }
  };
  mutable std::unordered_set<std::pair<Mask, Mask>, PosHash> reach_seen_;
  mutable std::vector<Position> reach_queue_;
  mutable std::vector<std::uint32_t> reach_pair_;
  mutable std::vector<std::uint64_t> reach_ids_;
  // The fact-free reach bounds by position: (min with White moving, max
  // with Black moving), a pure function of the position.
  mutable std::unordered_map<std::pair<Mask, Mask>, std::pair<int, int>, PosHash> reach_cache_;
  bool reach_bounds_ = true;  // the constructor sets the default (off)
  struct VecHash {
    std::size_t operator()(const std::vector<std::uint32_t>& v) const {
      std::uint64_t h = 0x243f6a8885a308d3ULL ^ v.size();
      for (std::uint32_t w : v) h = (h ^ w) * 0x9e3779b97f4a7c15ULL, h ^= h >> 29;
      return static_cast<std::size_t>(h);
    }
  };
  struct PatKey {
    Mask black, white;
    int point;
    bool operator==(const PatKey&) const = default;
  };
  struct PatHash {
    std::size_t operator()(const PatKey& k) const {
      std::uint64_t h = (k.black * 0x9e3779b97f4a7c15ULL) ^ (k.white * 0xc2b2ae3d27d4eb4fULL) ^ static_cast<std::uint64_t>(k.point);
      return static_cast<std::size_t>(h ^ (h >> 31));
    }
  };
  mutable std::unordered_map<SitKey, std::uint32_t, SitHash> sit_ids_;
  mutable std::vector<SitKey> sits_;
  mutable std::unordered_map<PatKey, std::uint32_t, PatHash> pat_ids_;
  mutable std::vector<PatKey> pats_;
  mutable std::unordered_map<std::vector<std::uint32_t>, std::int64_t, VecHash> family_ids_;
  mutable std::size_t family_bytes_ = 0;
  // fact() of a common-phase situation, by situation number (-1: not
  // known); dropped when a ban with that situation is recorded or undone.
  mutable std::vector<std::int64_t> family_cache_;
  // Numbered histories of contained facts: set n is set_flat_[set_off_[n],
  // set_off_[n + 1]); and an epoch-stamped membership mark per situation.
  bool contained_facts_ = false;
  bool pass_bounds_ = true;
  bool territory_bounds_ = true;
  bool root_bound_ = true;
  bool end_bound_ = true;
  bool root_symmetry_ = true;
  bool suicide_pruning_ = true;
  bool pass_dominance_ = true;
  mutable std::unordered_map<std::vector<std::uint32_t>, std::uint32_t, VecHash> set_ids_;
  mutable std::vector<std::uint32_t> set_flat_, set_off_{0};
  mutable std::size_t set_bytes_ = 0;
  mutable std::vector<std::uint32_t> mark_;
  mutable std::uint32_t mark_epoch_ = 0;
  // Common-phase contained values, direct-mapped by id, valid while the
  // situation's version (bumped by every push and undo of a ban with it,
  // so never repeated) is the one they were computed at.
  struct ContainedSlot {
    std::uint64_t id = 0;
    std::uint64_t version = 0;
    bool value = false;
  };
  std::vector<std::uint64_t> sit_version_;
  mutable std::vector<ContainedSlot> contained_cache_ = std::vector<ContainedSlot>(std::size_t{1} << 16);

  // search_key() in frame s: the key of the record mapped by s, written
  // with the numbers of the mapped situations. w: the current history (a
  // sorted set), prev: the previous ban's word in frame 0 (prev_word());
  // prefix_only: stop after the prefix that reads no situation number
  // (phase, end positions, removals, current situation).
  void key_in_frame(int s, const std::vector<std::uint32_t>& w, std::uint64_t prev, std::vector<std::uint64_t>& key,
                    bool prefix_only) const;
  std::uint64_t prev_word(const std::vector<std::uint32_t>& w) const;
  std::uint32_t map_sit(std::uint32_t n, int s) const;
  std::uint32_t map_pat(std::uint32_t n, int s) const;
  std::uint32_t map_set(std::uint32_t xn, int s) const;  // ~0u when the store is full
  Symmetries sym_;
  bool symmetry_ = true;  // the constructor sets the default (off)
  mutable std::vector<std::vector<std::uint32_t>> sit_map_, pat_map_;  // per frame; ~0u: not yet mapped
  mutable std::vector<std::vector<std::uint32_t>> set_map_;             // per frame, by set number
  mutable std::vector<std::uint32_t> map_scratch_;
  mutable std::vector<std::uint64_t> key_scratch_;

  Kee2005Config cfg_;
  std::vector<PhaseRecord> phases_;
  Position ends_[3];  // common position, Black's and White's confirmed positions
  bool over_ = false;
  // Irremovable groups (F.2) of each colour by scoring position; a pure
  // function of the key (black, white, indeterminate points), cached because
  // every leaf of a Japanese game needs it.
  struct ScoreKeyHash {
    std::size_t operator()(const std::array<Mask, 3>& k) const {
      std::uint64_t h = (k[0] * 0x9e3779b97f4a7c15ULL) ^ (k[1] * 0xc2b2ae3d27d4eb4fULL) ^ (k[2] * 0x165667b19e3779f9ULL);
      return static_cast<std::size_t>(h ^ (h >> 29));
    }
  };
  mutable std::unordered_map<std::array<Mask, 3>, std::pair<Mask, Mask>, ScoreKeyHash> irremovable_cache_;
};

}  // namespace gotb

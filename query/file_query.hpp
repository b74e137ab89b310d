// `gotb query FILE`: the value of the state after a history and of every
// legal move, read from a retrograde fixpoint file (docs/generator.md),
// as a library call shared by the command line and the HTTP server
// (query/serve/). The probe API of "Exact tablebases" replaces it.
//
// Legality comes from the real ruleset replayed over the whole history
// (superko included), never from the file; the file only supplies the two
// finite-state fixpoints of each state, which are bounds on, not the
// superko values.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "format/tablebase.hpp"
#include "generator/retrograde/generate.hpp"

namespace gotb {

struct FileQueryEntry {
  std::string move;
  retro::Bracket value;
  bool game_end = false;  // the move ends the game (second pass): exact area score
};

struct FileQueryResult {
  std::string board, rules;  // canonical
  double komi = 0;
  std::string moves_text;    // the history, space-separated
  std::string diagram;       // the position with coordinates
  bool over = false;
  std::string mover;         // "Black" / "White"; empty when over
  int passes = 0;
  retro::Bracket now;        // the actual score when over
  std::vector<FileQueryEntry> entries;  // best first for the mover
};

extern const char* const kFileQueryNote;

// A fixpoint file opened for queries: checks at construction that this
// build reads it (index scheme, value encoding, state count, symmetry,
// ruleset with retrograde tables; std::invalid_argument naming `label`
// otherwise) and builds the state index once. run() is thread-safe (the
// reader serialises its own HDF5 calls; the index is read-only).
class FileQuery {
 public:
  FileQuery(TablebaseReader& file, std::string label);
  ~FileQuery();
  // Replays `history` on the file's game (throws std::invalid_argument for
  // an illegal move) and reads the values.
  FileQueryResult run(const std::vector<std::string>& history) const;
  const std::string& label() const { return label_; }

 private:
  TablebaseReader& file_;
  std::string label_;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The object `gotb query --json` prints; `label` is the "file" field.
nlohmann::json file_query_json(const FileQueryResult& r, const std::string& label);
// One value as text, as `gotb query` prints it.
std::string file_query_bracket_text(const retro::Bracket& b, bool final);

}  // namespace gotb

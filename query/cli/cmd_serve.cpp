// gotb serve: the HTTP JSON API and the explorer page over a directory of
// tablebase files (issue 21; query/serve/, docs/http.md).
#include <pthread.h>
#include <signal.h>

#include <cstdio>
#include <memory>
#include <thread>

#include "query/cli/number_options.hpp"
#include "query/cli/commands.hpp"
#include "query/serve/server.hpp"

namespace gotb::cli {
namespace {

bool loopback(const std::string& host) {
  return host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

void run_serve(serve::ServerOptions opt) {
  // SIGINT / SIGTERM end the server cleanly: blocked here (and so in every
  // thread started below), then awaited with sigwait.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  serve::Server server(opt);
  const int port = server.bind();
  std::size_t served = 0;
  for (const auto& t : server.api().catalogue().tables()) {
    if (t->served) {
      ++served;
    } else {
      std::fprintf(stderr, "gotb serve: not serving %s: %s\n", t->path.c_str(),
                   t->problems.empty() ? "?" : t->problems.front().c_str());
    }
  }
  if (!loopback(opt.host))
    std::fprintf(stderr, "gotb serve: note: listening on %s, reachable from other machines\n", opt.host.c_str());
  const std::string shown = opt.host.find(':') != std::string::npos ? "[" + opt.host + "]" : opt.host;
  std::printf("gotb serve: listening on http://%s:%d/ (%zu tables served from %s; on-the-fly search %s)\n",
              shown.c_str(), port, served, opt.api.dir.c_str(),
              opt.api.search_budget ? ("up to " + std::to_string(opt.api.search_budget) + " nodes").c_str() : "off");
  std::fflush(stdout);

  std::thread waiter([&] {
    int sig = 0;
    sigwait(&stop_signals, &sig);
    server.stop();
  });
  server.run();
  // run() also returns when listening fails: wake the waiter either way.
  pthread_kill(waiter.native_handle(), SIGTERM);
  waiter.join();
}

}  // namespace

void add_serve_command(CLI::App& app) {
  auto opt = std::make_shared<serve::ServerOptions>();
  CLI::App* sub = app.add_subcommand(
      "serve", "HTTP JSON API and web page over the tablebase files of a directory (docs/http.md)");
  sub->add_option("--dir,-d", opt->api.dir, "directory of tablebase files (*.h5, *.hdf5, searched recursively)")
      ->capture_default_str();
  sub->add_option("--host", opt->host, "address to listen on (loopback unless you mean otherwise)")
      ->capture_default_str();
  sub->add_option("--port,-p", opt->port, "TCP port (0: any free port, printed at start)")
      ->check(integer_number(0, 65535))
      ->capture_default_str();
  sub->add_option("--threads,-t", opt->threads, "worker threads (each open connection holds one)")
      ->check(integer_number(1, 1024))
      ->capture_default_str();
  sub->add_option("--search-budget", opt->api.search_budget,
                  "nodes the exact on-the-fly search may spend per request on a game without a table (0: off; "
                  "answers say source \"search\")")
      ->check(count_number(std::uint64_t{1} << 40))
      ->capture_default_str();
  sub->add_option("--search-max-points", opt->api.search_max_points, "largest board the on-the-fly search takes")
      ->check(integer_number(1, 31))
      ->capture_default_str();
  sub->add_option("--history-nodes", opt->api.history_nodes,
                  "exact (ko=basic) tables: search nodes per request for checking the file's values under the "
                  "request's moves (docs/solving.md); where they run out, proven bounds (file-bounds)")
      ->check(count_number(std::uint64_t{1} << 40))
      ->capture_default_str();
  sub->add_option("--time-budget", opt->api.time_budget, "seconds of wall time per request: a search or line (pv) not done by then is a 503; an exact "
                  "table's history check stopped by it answers proven bounds (file-bounds) and a note, like "
                  "--history-nodes")
      ->check(seconds_number(3600))
      ->check(CLI::Range(0.001, 3600.0))
      ->capture_default_str();
  sub->add_flag("--log", opt->log, "one line per request on stderr");
  sub->callback([opt] { run_serve(*opt); });
}

}  // namespace gotb::cli

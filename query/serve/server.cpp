#include "query/serve/server.hpp"

#include <httplib.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <cstdio>
#include <mutex>
#include <set>

#include "core/budget.hpp"
#include "core/rules/games.hpp"
#include "core/rules/ruleset.hpp"
#include "format/tablebase.hpp"

namespace gotb::serve {
namespace {

// JSON text that never throws on bytes that are not UTF-8 (a request may
// carry any bytes, and messages quote it): such bytes become U+FFFD.
std::string dump(const nlohmann::json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

void send_error(httplib::Response& res, int status, const std::string& message) {
  res.status = status;
  res.set_content(dump({{"error", {{"status", status}, {"message", message}}}}), "application/json");
}

const char* reason(int status) {
  switch (status) {
    case 400: return "bad request";
    case 404: return "not found";
    case 405: return "method not allowed";
    case 413: return "request too large";
    case 414: return "request line too long (at most 8 KiB)";
    case 503: return "over budget";
    default: return status >= 500 ? "server error" : "request refused";
  }
}

// The parameters a game request may carry; anything else is a 400, so that
// a misspelt parameter is never silently ignored.
GameQuery parse_game_query(const httplib::Request& req, const std::set<std::string>& extra, bool& flag) {
  static const std::set<std::string> known = {"board", "rules", "komi", "moves"};
  for (const auto& [k, v] : req.params) {
    if (!known.count(k) && !extra.count(k))
      throw ApiError(400, "unknown parameter '" + k.substr(0, 40) + "' (board, rules, komi, moves)");
    if (req.params.count(k) > 1) throw ApiError(400, "parameter '" + k.substr(0, 40) + "' given more than once");
  }
  GameQuery q;
  if (!req.has_param("board")) throw ApiError(400, "parameter 'board' is required (e.g. board=3x3)");
  q.board_text = req.get_param_value("board");
  q.rules_text = req.has_param("rules") ? req.get_param_value("rules") : "tromp-taylor";
  if (req.has_param("komi")) q.komi = parse_request_komi(req.get_param_value("komi"));
  q.moves_text = req.get_param_value("moves");
  q.moves = split_moves(q.moves_text);
  flag = false;
  for (const std::string& k : extra)
    if (req.has_param(k)) {
      const std::string v = req.get_param_value(k);
      if (v != "0" && v != "1") throw ApiError(400, "parameter '" + k + "' takes 0 or 1");
      flag = v == "1";
    }
  return q;
}

}  // namespace

struct Server::Impl {
  ServerOptions opt;
  Api api;
  httplib::Server http;
  int port = -1;

  explicit Impl(ServerOptions o) : opt(std::move(o)), api(opt.api) {}

  // Runs a handler body, turning every exception into a JSON error.
  template <class F>
  void guarded(const httplib::Request& req, httplib::Response& res, F&& f) {
    try {
      f();
    } catch (const ApiError& e) {
      send_error(res, e.status(), e.what());
    } catch (const NodeLimitReached& e) {
      send_error(res, 503, std::string("over the request's budget (") + e.what() + "); no value was proven");
    } catch (const TablebaseError& e) {
      send_error(res, 500, e.what());
    } catch (const std::invalid_argument& e) {  // bad board, ruleset, komi or move (RulesError, SgfError too)
      send_error(res, 400, e.what());
    } catch (const std::exception& e) {
      send_error(res, 500, e.what());
    }
    if (opt.log || res.status >= 500)
      std::fprintf(stderr, "gotb serve: %d %s %s\n", res.status, req.method.c_str(), req.path.c_str());
  }

  void routes() {
    http.new_task_queue = [n = opt.threads] { return new httplib::ThreadPool(static_cast<size_t>(n)); };
    // Answers go out as headers and body in two writes: without
    // TCP_NODELAY, Nagle's algorithm holds the body for the client's
    // delayed ACK (~40 ms per request on Linux). Accepted sockets inherit
    // the option from the listening one.
    http.set_socket_options([](socket_t sock) {
      httplib::default_socket_options(sock);
      int yes = 1;
      ::setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
    });
    http.set_payload_max_length(0);  // GET only: no request body is read
    http.set_read_timeout(5, 0);
    http.set_write_timeout(5, 0);
    http.set_keep_alive_max_count(1000);
    http.set_keep_alive_timeout(5);
    http.set_default_headers({{"X-Content-Type-Options", "nosniff"},
                              {"Referrer-Policy", "no-referrer"},
                              {"Content-Security-Policy",
                               "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
                               "connect-src 'self'; frame-ancestors 'none'"}});
    // Library-level refusals (no route, request line too long, malformed
    // request) get the same JSON shape as the handlers' errors.
    http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
      if (res.body.empty()) send_error(res, res.status, reason(res.status));
    });
    http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
      send_error(res, 500, "internal error");
    });

    for (std::size_t i = 0; i < kWebAssetCount; ++i) {
      const WebAsset& a = kWebAssets[i];
      http.Get(a.path, [&a](const httplib::Request&, httplib::Response& res) {
        res.set_content(reinterpret_cast<const char*>(a.data), a.size, a.content_type);
      });
    }
    http.Get("/api/v1/tables", [this](const httplib::Request& req, httplib::Response& res) {
      guarded(req, res, [&] {
        if (!req.params.empty()) throw ApiError(400, "/api/v1/tables takes no parameters");
        res.set_content(dump(api.tables_json()), "application/json");
      });
    });
    http.Get("/api/v1/probe", [this](const httplib::Request& req, httplib::Response& res) {
      guarded(req, res, [&] {
        bool with_pv = false;
        GameQuery q = parse_game_query(req, {"pv"}, with_pv);
        nlohmann::json j = api.probe(q);
        // pv=1: the line of /api/v1/pv as well (not part of the default
        // answer, which stays the command line's object).
        if (with_pv) j["serve"]["pv"] = api.pv(q);
        res.set_content(dump(j), "application/json");
      });
    });
    http.Get("/api/v1/pv", [this](const httplib::Request& req, httplib::Response& res) {
      guarded(req, res, [&] {
        bool unused = false;
        res.set_content(dump(api.pv(parse_game_query(req, {}, unused))), "application/json");
      });
    });
    http.Get("/api/v1/sgf", [this](const httplib::Request& req, httplib::Response& res) {
      guarded(req, res, [&] {
        bool with_pv = false;
        GameQuery q = parse_game_query(req, {"pv"}, with_pv);
        res.set_content(api.sgf(q, with_pv), "application/x-go-sgf; charset=utf-8");
      });
    });
    for (const auto& r : {"/api/v1/tables", "/api/v1/probe", "/api/v1/pv", "/api/v1/sgf"}) {
      auto refuse = [](const httplib::Request&, httplib::Response& res) {
        send_error(res, 405, "only GET is served (the server is read-only)");
      };
      http.Post(r, refuse);
      http.Put(r, refuse);
      http.Delete(r, refuse);
      http.Patch(r, refuse);
    }
    http.set_logger([this](const httplib::Request& req, const httplib::Response& res) {
      if (opt.log) std::fprintf(stderr, "gotb serve: %d %s %s\n", res.status, req.method.c_str(), req.path.c_str());
    });
  }
};

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {
  if (impl_->opt.threads < 1 || impl_->opt.threads > 1024) throw std::invalid_argument("--threads must be 1..1024");
  impl_->routes();
}

Server::~Server() = default;

int Server::bind() {
  Impl& im = *impl_;
  if (im.opt.port == 0) {
    im.port = im.http.bind_to_any_port(im.opt.host);
  } else {
    im.port = im.http.bind_to_port(im.opt.host, im.opt.port) ? im.opt.port : -1;
  }
  if (im.port < 0)
    throw std::runtime_error("cannot listen on " + im.opt.host + " port " + std::to_string(im.opt.port) +
                             " (in use, or not an address of this machine)");
  return im.port;
}

void Server::run() {
  if (impl_->port < 0) bind();
  impl_->http.listen_after_bind();
}

void Server::stop() { impl_->http.stop(); }

const Api& Server::api() const { return impl_->api; }

}  // namespace gotb::serve

// gotb serve: the HTTP front end (cpp-httplib, Debian's libcpp-httplib-dev)
// over query/serve/api.hpp, plus the page of query/serve/web/ embedded at
// build time. docs/http.md documents the endpoints.
//
// Safety, by default: binds to 127.0.0.1; only GET routes exist, nothing is
// written; the request line is bounded by the library (8 KiB, 414 above),
// request bodies are refused, every parameter is validated (unknown or
// repeated ones are 400), histories are bounded (413), and each request
// has a time budget (503 when spent by a search or a line; an exact table's
// history check it stops answers proven bounds, docs/http.md). Errors are JSON objects
// {"error": {"status": N, "message": "..."}}.
#pragma once

#include <memory>
#include <string>

#include "query/serve/api.hpp"

namespace gotb::serve {

struct ServerOptions {
  ApiOptions api;
  std::string host = "127.0.0.1";
  int port = 8080;   // 0: any free port (bind() says which)
  int threads = 8;   // worker threads; a keep-alive connection holds one while open
  bool log = false;  // one line per request on stderr
};

class Server {
 public:
  // Scans the tables (Catalogue); throws std::invalid_argument on a bad
  // directory.
  explicit Server(ServerOptions options);
  ~Server();
  // Binds the listening socket; returns the port. Throws std::runtime_error
  // when the address cannot be bound.
  int bind();
  // Serves until stop() (from another thread or a signal handler's thread).
  void run();
  void stop();
  const Api& api() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The embedded page: one entry per file of query/serve/web/.
struct WebAsset {
  const char* path;          // "/", "/app.js", ...
  const char* content_type;
  const unsigned char* data;
  std::size_t size;
};
extern const WebAsset kWebAssets[];
extern const std::size_t kWebAssetCount;

}  // namespace gotb::serve

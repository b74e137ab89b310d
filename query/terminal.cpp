#include "query/terminal.hpp"

namespace gotb {

std::string terminal_safe(std::string_view text) {
  std::string out;
  auto hex = [&](unsigned v, int digits) {
    static const char* d = "0123456789abcdef";
    for (int i = digits - 1; i >= 0; --i) out += d[(v >> (4 * i)) & 15];
  };
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    // Length and minimum code point of a UTF-8 sequence starting with c.
    int len = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    unsigned cp = len == 2 ? c & 0x1f : len == 3 ? c & 0x0f : c & 0x07;
    bool ok = len > 0 && i + len <= text.size();
    for (int k = 1; ok && k < len; ++k) {
      const auto t = static_cast<unsigned char>(text[i + k]);
      ok = (t & 0xc0) == 0x80;
      cp = (cp << 6) | (t & 0x3f);
    }
    ok = ok && !(len == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) && !(len == 4 && (cp < 0x10000 || cp > 0x10ffff));
    if (!ok) {
      out += "\\x";
      hex(c, 2);
      ++i;
    } else if (cp >= 0x80 && cp < 0xa0) {  // C1 controls (CSI is U+009B)
      out += "\\u{";
      hex(cp, 4);
      out += '}';
      i += len;
    } else {
      out.append(text.substr(i, len));
      i += len;
    }
  }
  return out;
}

}  // namespace gotb

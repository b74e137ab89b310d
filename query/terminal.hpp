// Printing text that came from files.
#pragma once

#include <string>
#include <string_view>

namespace gotb {

// Text from a file (a tablebase attribute, an error message quoting one)
// made safe for a terminal: valid UTF-8 passes through, except control
// characters (C0 with newline and tab, DEL, C1), which become \xNN /
// \u{NNNN}; bytes that are not valid UTF-8 become \xNN. A file can then
// not move the cursor, retitle the window or forge output lines.
std::string terminal_safe(std::string_view text);

}  // namespace gotb

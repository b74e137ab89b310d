// Players and their names.
#pragma once

#include <cstdint>
#include <string_view>

namespace gotb {

enum class Color : std::uint8_t { Black = 0, White = 1 };

constexpr Color opponent(Color c) { return c == Color::Black ? Color::White : Color::Black; }
constexpr int index(Color c) { return static_cast<int>(c); }
constexpr std::string_view color_name(Color c) { return c == Color::Black ? "Black" : "White"; }
constexpr char color_letter(Color c) { return c == Color::Black ? 'B' : 'W'; }

}  // namespace gotb

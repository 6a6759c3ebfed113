#pragma once
// Words shared by the play engine's messages (internal).

#include <optional>
#include <string>

#include "pokerengine/play.hpp"

namespace pokerengine::detail {

inline constexpr chips chip_limit = chips{1} << 62;

/// A seat as its PHH player: seat 2 is "player 3".
inline std::string player_name(int seat) { return "player " + std::to_string(seat + 1); }

/// An amount with thousands separators: 1,300.
inline std::string amount_text(chips c) {
    std::string digits = std::to_string(c < 0 ? -c : c), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return c < 0 ? "-" + out : out;
}

/// Why a seat may not choose how many times to run the board now.
inline std::string runouts_not_asked(int seat) {
    return player_name(seat) + " cannot choose how many times to run the board now: that is asked at a cash "
                               "game's all-in with board cards to come, when the rules allow it";
}

/// A refusal: the code, and the words only when the caller asked for them.
template <class Message>
std::optional<play::action_error_code> refuse(std::string* why, play::action_error_code code, Message&& message) {
    if (why) *why = message();
    return code;
}

}  // namespace pokerengine::detail

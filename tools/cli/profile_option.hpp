#pragma once
// `--profile NAME`, read the same way by play, replay and showdown --game.

#include <optional>
#include <stdexcept>
#include <string>

#include "pokerengine/play.hpp"
#include "cli.hpp"

namespace poker_cli {

/// The rule profile --profile names, if it was given; a name no profile has is
/// a usage error.
inline std::optional<pokerengine::play::rule_profile> profile_of(const arguments& args) {
    const auto name = args.value("profile");
    if (!name) return std::nullopt;
    try {
        return pokerengine::play::rule_profile::named(*name);
    } catch (const std::invalid_argument& e) {
        throw usage_error(std::string("--profile: ") + e.what());
    }
}

}  // namespace poker_cli

#pragma once
// The subcommands of `poker`, each defined in its own file of tools/cli/;
// tools/poker.cpp lists them in the order `poker help` shows them.

#include "cli.hpp"

namespace poker_cli {

extern const command eval_command;         // eval.cpp
extern const command compare_command;      // compare.cpp
extern const command showdown_command;     // showdown.cpp (with --game: game_showdown.cpp)
extern const command equity_command;       // equity.cpp
extern const command games_command;        // game_showdown.cpp
extern const command odds_command;         // odds.cpp
extern const command video_poker_command;  // video_poker.cpp
extern const command play_command;         // play.cpp
extern const command replay_command;       // replay.cpp
extern const command import_command;       // import.cpp
extern const command stats_command;        // stats.cpp
extern const command icm_command;          // icm.cpp
extern const command demo_command;         // demo.cpp
extern const command serve_command;        // serve.cpp
extern const command bot_command;          // serve.cpp

/// `poker showdown --game NAME ...`: the pots of a hand of a game (game_showdown.cpp).
int run_game_showdown(const arguments& args);

}  // namespace poker_cli

#pragma once
// Hand histories in PHH, the poker hand history format of the University of
// Toronto (phh-std): a TOML document per hand, every action in order, the
// dealing included, so that anyone can replay the hand to the same chips.
//
//     hand_state hand{config, 42};
//     ... play it ...
//     std::string document = write_phh(hand);   // variant = 'NT', antes = [...], actions = [...]

#include <string>

#include "pokerengine/play.hpp"

namespace pokerengine::play {

/// The PHH variant code of a game played under a structure: "NT" (no-limit
/// hold'em), "FT", "NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D",
/// "FB"; `x-<game name>` for a game and structure PHH has no code for.
std::string phh_variant(const any_game& game, betting_structure structure);

/// The hand as a PHH document: the variant and its required fields (antes,
/// blinds or bring-in, bet sizes, starting stacks), every action in order
/// (hole and board dealing, bets, draws, shows; antes, blinds and burns are
/// implicit in PHH and not written) and, once the hand is complete, the
/// finishing stacks. For two players PHH lists the antes and blinds in
/// reverse seat order (the big blind first), and so does this writer.
std::string write_phh(const hand_state& hand);

}  // namespace pokerengine::play

#include "pokerengine/replay.hpp"

#include <algorithm>
#include <array>
#include <bit>

namespace pokerengine::play {
namespace {

// Unknown cards (`??`, spec section 10). Each is dealt as a stand-in, a card
// of the deck that no action of the hand names, so that the hand plays on;
// when the stub has none left, a card seen before and out of play (the
// dealer reshuffled). A seat that shows its cards later holds them at the
// end: they are dealt in its last unknown places, so that every discard of
// unknown cards can throw stand-ins and keep them. Discarding or showing `??`
// means cards the seat holds, stand-ins first. A pot whose showdown involves
// a stand-in is undetermined, never guessed.
class unknown_cards {
public:
    unknown_cards(const recorded_hand& hand, deck_kind deck) : deck_(deck_cards(deck)) {
        std::array<CardSet, max_seats> shown{};
        CardSet dealt;
        for (const recorded_action& r : hand.actions) {
            if (!r.is_action()) continue;
            any_ |= r.unknown != 0;
            const action& a = r.act;
            const bool seat_ok = a.seat >= 0 && a.seat < max_seats;
            for (std::size_t i = 0; i < a.cards.size(); ++i) {
                if ((r.unknown >> i) & 1U) continue;
                named_ |= a.cards[i];
                if (a.what == action::kind::deal_hole || a.what == action::kind::deal_board) dealt |= a.cards[i];
                if (a.what == action::kind::show && seat_ok) {
                    auto& list = reveals_[static_cast<std::size_t>(a.seat)];
                    if (!shown[static_cast<std::size_t>(a.seat)].contains(a.cards[i])) list.push_back(a.cards[i]);
                    shown[static_cast<std::size_t>(a.seat)] |= a.cards[i];
                }
            }
            if (a.what == action::kind::deal_hole && seat_ok)
                unknown_deals_[static_cast<std::size_t>(a.seat)] += std::popcount(static_cast<unsigned>(r.unknown));
        }
        for (auto& list : reveals_) std::erase_if(list, [&](Card c) { return dealt.contains(c); });
        shown_later_ = shown;
    }

    bool any() const { return any_; }
    CardSet stand_ins() const { return stand_ins_; }

    // The action with each unknown card replaced by the card it stands for;
    // nothing when no card is left to stand in.
    std::optional<action> resolve(const recorded_action& r, const hand_state& hand) {
        action a = r.act;
        if (r.unknown == 0) return a;
        const bool held = a.what == action::kind::stand_pat_or_discard || a.what == action::kind::show;
        if (a.seat >= hand.players() || (held && a.seat < 0)) return a;  // refused by the engine as it stands
        const auto s = static_cast<std::size_t>(a.seat < 0 ? 0 : a.seat);
        CardSet chosen;
        for (std::size_t i = 0; i < a.cards.size(); ++i)
            if (!((r.unknown >> i) & 1U)) chosen |= a.cards[i];
        if (a.what == action::kind::stand_pat_or_discard) note_guessed_discards(r, hand.hole_cards(a.seat), s, chosen);
        for (std::size_t i = 0; i < a.cards.size(); ++i) {
            if (!((r.unknown >> i) & 1U)) continue;
            std::optional<Card> card;
            if (held) {
                card = held_card(hand.hole_cards(a.seat), s, chosen);
            } else {
                if (a.what == action::kind::deal_hole) card = reveal(s, hand);
                if (!card) card = stand_in(hand, chosen);
            }
            if (!card) return std::nullopt;
            chosen |= *card;
            a.cards[i] = *card;
        }
        return a;
    }

    // Every card dealt, burned or thrown so far: stand-ins come from the rest first.
    void note(const action& a) {
        if (a.what == action::kind::deal_hole || a.what == action::kind::deal_board || a.what == action::kind::burn ||
            a.what == action::kind::stand_pat_or_discard)
            for (Card c : a.cards) seen_ |= c;
    }

    // Pots that two or more seats contest where a contender's cards or the board hold a stand-in.
    std::vector<std::size_t> undetermined(const hand_state& hand) const {
        std::vector<std::size_t> out;
        if ((stand_ins_ | maybe_thrown_).empty() || !hand.is_complete()) return out;
        CardSet board;  // every runout's, when the board ran more than once
        for (const CardList& b : hand.boards())
            for (Card c : b) board |= c;
        const std::vector<pot_result> pots = hand.pot_results();
        for (std::size_t p = 0; p < pots.size(); ++p) {
            const pot_result& pot = pots[p];
            if (pot.eligible.size() < 2) continue;
            bool unknown = !(board & stand_ins_).empty();
            for (std::size_t seat : pot.eligible)
                unknown |= !(hand.hole_cards(static_cast<int>(seat)).all() & (stand_ins_ | maybe_thrown_)).empty();
            if (unknown) out.push_back(p);
        }
        return out;
    }

private:
    // The next card a seat shows later, when its unknown places left are the last ones.
    std::optional<Card> reveal(std::size_t seat, const hand_state& hand) {
        const std::vector<Card>& cards = reveals_[seat];
        const int left = unknown_deals_[seat]--;
        if (left <= 0 || static_cast<std::size_t>(left) > cards.size()) return std::nullopt;
        const Card c = cards[cards.size() - static_cast<std::size_t>(left)];
        if (in_play(hand).contains(c)) return std::nullopt;
        return c;
    }

    // A discard of unknown cards that takes cards dealt by name (no stand-ins
    // left to throw): the cards thrown are the ones the seat never shows, which
    // only names them when there are no more of those than cards thrown.
    // Otherwise which were kept is not known, and every one of them the seat
    // still holds may be a card it threw.
    void note_guessed_discards(const recorded_action& r, const seat_cards& held, std::size_t seat, CardSet chosen) {
        int thrown = std::popcount(static_cast<unsigned>(r.unknown));
        CardSet candidates;
        for (Card c : held.cards) {
            if (chosen.contains(c)) continue;
            if (stand_ins_.contains(c)) --thrown;
            else if (!shown_later_[seat].contains(c)) candidates |= c;
        }
        if (thrown > 0 && candidates.size() > thrown) maybe_thrown_ |= candidates;
    }

    // A card the seat holds for a `??` it throws or shows: a stand-in, then a
    // card it does not show later (dealt by name or not), then any.
    std::optional<Card> held_card(const seat_cards& held, std::size_t seat, CardSet chosen) const {
        const CardSet kept = shown_later_[seat];
        for (int pass = 0; pass < 3; ++pass)
            for (Card c : held.cards) {
                if (chosen.contains(c)) continue;
                if (pass == 0 && !stand_ins_.contains(c)) continue;
                if (pass == 1 && kept.contains(c)) continue;
                return c;
            }
        return std::nullopt;
    }

    std::optional<Card> stand_in(const hand_state& hand, CardSet chosen) {
        const CardSet taken = in_play(hand) | chosen | named_;
        for (const CardSet out : {taken | seen_, taken})
            for (Card c : deck_)
                if (!out.contains(c)) {
                    stand_ins_ |= c;
                    return c;
                }
        return std::nullopt;
    }

    static CardSet in_play(const hand_state& hand) {
        CardSet cards;
        for (const CardList& b : hand.boards())
            for (Card c : b) cards |= c;
        for (int s = 0; s < hand.players(); ++s) cards |= hand.hole_cards(s).all();
        return cards;
    }

    CardSet deck_;
    bool any_ = false;
    CardSet named_;      // every card an action names
    CardSet seen_;       // dealt, burned or thrown so far
    CardSet stand_ins_;  // dealt for a `??`: cards no action names
    CardSet maybe_thrown_;  // dealt by name, and perhaps among a seat's unknown discards
    std::array<std::vector<Card>, max_seats> reveals_{};  // per seat: cards shown later that no deal names
    std::array<CardSet, max_seats> shown_later_{};        // per seat: every card it shows
    std::array<int, max_seats> unknown_deals_{};          // per seat: unknown places still to be dealt
};

}  // namespace

replay_result replay(const recorded_hand& hand, const replay_options& options) {
    replay_result r;
    r.warnings = hand.warnings;
    hand_config config = hand.config;
    if (options.rules) config.rules = *options.rules;
    try {
        r.state.emplace(config, manual_dealing);
    } catch (const config_error& e) {
        r.code = "config_error";
        r.error = e.what();
        return r;
    }
    hand_state& h = *r.state;
    unknown_cards unknown{hand, traits_of(config.game).deck};
    for (std::size_t i = 0; i < hand.actions.size(); ++i) {
        const recorded_action& recorded = hand.actions[i];
        if (recorded.commentary) continue;
        auto stop = [&](std::string code, std::string why) {
            r.code = std::move(code);
            r.error = std::move(why);
            r.action = i;
            r.action_text = hand.action_texts.at(i);
            return r;
        };
        if (!recorded.error.empty()) return stop("bad_action", recorded.error);
        const std::optional<action> resolved = unknown.resolve(recorded, h);
        if (!resolved)
            return stop("bad_action", "action '" + printable(hand.action_texts.at(i)) +
                                          "': no card of the deck is left to stand in for an unknown card");
        const action& a = *resolved;
        if (unknown.any()) unknown.note(a);
        // R12: a fixed-limit raise recorded as the whole stack an opponent can match.
        auto lenient_raise = [&](action_error_code why) -> std::optional<action> {
            if (!options.lenient || why != action_error_code::below_minimum ||
                a.what != action::kind::complete_bet_or_raise_to || config.structure != betting_structure::fixed_limit)
                return std::nullopt;
            const legal_actions l = h.legal();
            chips reach = 0;
            const auto stacks = h.stacks();
            const auto bets = h.street_bets();
            for (int s = 0; s < h.players(); ++s)
                if (s != a.seat && (h.status(s) == seat_status::in_hand))
                    reach = std::max(reach, stacks[static_cast<std::size_t>(s)] + bets[static_cast<std::size_t>(s)]);
            if (!l.can_raise || a.amount != reach || a.amount <= l.call_amount) return std::nullopt;
            action normalized = a;
            normalized.amount = l.min_to;
            if (!h.is_legal(normalized)) return std::nullopt;
            r.warnings.push_back("action " + std::to_string(i) + " '" + printable(hand.action_texts[i]) +
                                 "': a raise to an opponent's whole stack, read as the raise to " +
                                 std::to_string(l.min_to));
            return normalized;
        };
        // Legal as recorded: one check (an observer sees the hand before the action).
        action_error_code why{};
        if (options.observer ? h.is_legal(a) : h.try_apply(a, &why)) {
            if (options.observer) {
                options.observer(h, a);
                h.apply(a);
            }
            continue;
        }
        if (options.observer) h.try_apply(a, &why);  // refused: nothing changes; it gives the reason's code
        if (const std::optional<action> normalized = lenient_raise(why)) {
            if (options.observer) options.observer(h, *normalized);
            h.apply(*normalized);
            continue;
        }
        try {
            h.apply(a);
        } catch (const action_error& e) {
            return stop(std::string(to_string(e.code())), e.what());
        }
    }
    r.ok = true;
    r.stand_ins = unknown.stand_ins();
    r.undetermined = unknown.undetermined(h);
    return r;
}

}  // namespace pokerengine::play

// The JSON of a seat's view and of the legal actions (wire.hpp).

#include "pokerengine/server/wire.hpp"

#include <string>

#include "pokerengine/notation.hpp"

namespace pokerengine::server {
namespace {

std::string_view status_name(play::seat_status s) {
    switch (s) {
        case play::seat_status::in_hand: return "in_hand";
        case play::seat_status::all_in: return "all_in";
        case play::seat_status::folded: return "folded";
        case play::seat_status::mucked: return "mucked";
    }
    return "in_hand";
}

json optional_player(const std::optional<int>& seat) {
    return seat ? json(*seat + 1) : json(nullptr);
}

}  // namespace

json to_json(const play::legal_actions& l) {
    json j;
    j["player"] = optional_player(l.seat);
    j["phase"] = std::string(play::to_string(l.at));
    j["fold"] = l.can_fold;
    j["check"] = l.can_check;
    j["call"] = l.can_call ? json(l.call_amount) : json(nullptr);
    j["bring_in"] = l.can_bring_in ? json(l.bring_in_amount) : json(nullptr);
    j["raise"] = l.can_raise ? json{{"min", l.min_to}, {"max", l.max_to}, {"pot", l.pot_to},
                                    {"all_in_only", l.raise_is_all_in_only}}
                             : json(nullptr);
    j["draw"] = l.can_draw ? json{{"max_discards", l.max_discards}} : json(nullptr);
    j["show"] = l.can_show;
    j["muck"] = l.can_muck;
    j["must_show"] = l.must_show;
    return j;
}

json to_json(const play::seat_view& v, const play::hand_plan* plan) {
    json j;
    j["player"] = v.seat + 1;
    j["phase"] = std::string(play::to_string(v.at));
    j["street"] = v.street;
    j["to_act"] = optional_player(v.to_act);
    json board = json::array();
    for (Card c : v.board) board.push_back(to_string(c));
    j["board"] = board;
    j["pot"] = v.pot_total;
    j["seats"] = json::array();
    for (std::size_t s = 0; s < v.stacks.size(); ++s) {
        json seat;
        seat["player"] = s + 1;
        if (plan) {
            seat["table_seat"] = plan->seats.at(s) + 1;
            seat["name"] = plan->names.at(s);
        }
        seat["stack"] = v.stacks[s];
        seat["bet"] = v.street_bets[s];
        seat["put_in"] = v.contributions[s];
        seat["status"] = std::string(status_name(v.status[s]));
        const play::seat_cards& seen = v.visible[s];
        json cards = json::array(), up = json::array();
        for (std::size_t c = 0; c < seen.cards.size(); ++c) {
            cards.push_back(to_string(seen.cards[c]));
            up.push_back(seen.is_up(c));
        }
        seat["cards"] = cards;
        seat["up"] = up;
        seat["hidden"] = v.card_counts[s] - static_cast<int>(seen.cards.size());
        j["seats"].push_back(seat);
    }
    j["legal"] = v.legal.seat ? to_json(v.legal) : json(nullptr);
    json history = json::array();
    for (const play::action& a : v.history) {
        std::string text = play::to_phh(a);
        if (!text.empty()) history.push_back(text);
    }
    j["actions"] = history;
    return j;
}

CardSet unseen_cards(const play::hand_state& hand, int seat) {
    CardSet hidden;
    for (const play::action& a : hand.history()) {
        const bool others = a.seat != seat && a.seat >= 0;
        if (others && (a.what == play::action::kind::deal_hole || a.what == play::action::kind::stand_pat_or_discard))
            for (Card c : a.cards) hidden |= c;
    }
    const play::seat_view view = hand.view_for(seat);
    for (const play::seat_cards& seen : view.visible) hidden -= seen.all();
    return hidden;
}

}  // namespace pokerengine::server

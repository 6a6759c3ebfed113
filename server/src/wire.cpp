// The JSON of a seat's view and of the legal actions (wire.hpp).

#include "pokerengine/server/wire.hpp"

#include <algorithm>
#include <iterator>
#include <stdexcept>
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
    j["runouts"] = l.can_choose_runouts ? json{{"max", l.most_runouts}} : json(nullptr);
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
    json runout_boards = json::array();
    for (const CardList& b : v.runout_boards) {
        json cards = json::array();
        for (Card c : b) cards.push_back(to_string(c));
        runout_boards.push_back(cards);
    }
    j["runout_boards"] = runout_boards;
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

std::string frame_text(const json& frame) { return frame.dump(-1, ' ', false, json::error_handler_t::replace); }

namespace {

// Appends one operation of a JSON Patch to `out` (an array being written).
void patch_op(std::string& out, std::string_view op, const std::string& path, const json* value) {
    out += out.size() > 1 ? ",{\"op\":\"" : "{\"op\":\"";
    out += op;
    out += "\",\"path\":";
    const bool plain = std::none_of(path.begin(), path.end(), [](char c) {
        return c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f;
    });
    if (plain) {
        out += '"';
        out += path;
        out += '"';
    } else {
        out += frame_text(json(path));
    }
    if (value) {
        out += ",\"value\":";
        out += frame_text(*value);
    }
    out += '}';
}

// The operations that turn `a` into `b` at `path` (a JSON Pointer), as RFC 6902 reads them in order.
void patch_into(std::string& out, std::string& path, const json& a, const json& b) {
    if (a.type() != b.type() || !(a.is_object() || a.is_array())) {
        if (a != b) patch_op(out, "replace", path, &b);
        return;
    }
    const std::size_t at = path.size();
    auto down = [&](std::string_view key) {
        path += '/';
        for (char c : key) {
            if (c == '~') path += "~0";
            else if (c == '/') path += "~1";
            else path += c;
        }
    };
    if (a.is_array()) {
        const std::size_t common = std::min(a.size(), b.size());
        for (std::size_t i = 0; i < common; ++i) {
            down(std::to_string(i));
            patch_into(out, path, a[i], b[i]);
            path.resize(at);
        }
        for (std::size_t i = a.size(); i > common; --i) {  // from the end, so that each index is still there
            down(std::to_string(i - 1));
            patch_op(out, "remove", path, nullptr);
            path.resize(at);
        }
        for (std::size_t i = common; i < b.size(); ++i) {
            down("-");
            patch_op(out, "add", path, &b[i]);
            path.resize(at);
        }
        return;
    }
    // The usual case: the same members in the same order (a view's always are), compared pairwise.
    if (a.size() == b.size() && std::equal(a.items().begin(), a.items().end(), b.items().begin(),
                                           [](const auto& x, const auto& y) { return x.key() == y.key(); })) {
        for (auto ia = a.begin(), ib = b.begin(); ia != a.end(); ++ia, ++ib) {
            down(ib.key());
            patch_into(out, path, ia.value(), ib.value());
            path.resize(at);
        }
        return;
    }
    for (auto it = a.begin(); it != a.end(); ++it)
        if (!b.contains(it.key())) {
            down(it.key());
            patch_op(out, "remove", path, nullptr);
            path.resize(at);
        }
    // The members in `b`'s order; a view's come in one order, so the one at the same place is looked at first.
    auto hint = a.begin();
    for (auto it = b.begin(); it != b.end(); ++it) {
        down(it.key());
        auto found = hint != a.end() && hint.key() == it.key() ? hint : a.find(it.key());
        if (found == a.end()) {
            patch_op(out, "add", path, &it.value());
        } else {
            patch_into(out, path, found.value(), it.value());
            hint = std::next(found);
        }
        path.resize(at);
    }
}

}  // namespace

std::string view_patch_text(const json& before, const json& after) {
    std::string out = "[";
    std::string path;
    patch_into(out, path, before, after);
    out += ']';
    return out;
}

json view_patch(const json& before, const json& after) { return json::parse(view_patch_text(before, after)); }

json apply_view_patch(const json& before, const json& patch) {
    if (!patch.is_array()) throw std::invalid_argument("a patch is an array of operations");
    try {
        return before.patch(patch);
    } catch (const json::exception& e) {
        throw std::invalid_argument("the patch does not apply to the view: " + printable(e.what()));
    }
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

// Reading a client's frame (protocol.hpp).

#include "pokerengine/server/protocol.hpp"

#include <array>
#include <utility>

#include "pokerengine/card_set.hpp"
#include "pokerengine/notation.hpp"

namespace pokerengine::server {
namespace {

constexpr std::array kind_names{std::pair{request::kind::hello, std::string_view{"hello"}},
                                std::pair{request::kind::list, std::string_view{"list"}},
                                std::pair{request::kind::sit, std::string_view{"sit"}},
                                std::pair{request::kind::sit_out, std::string_view{"sit_out"}},
                                std::pair{request::kind::sit_in, std::string_view{"sit_in"}},
                                std::pair{request::kind::act, std::string_view{"act"}},
                                std::pair{request::kind::leave, std::string_view{"leave"}},
                                std::pair{request::kind::ping, std::string_view{"ping"}},
                                std::pair{request::kind::create_table, std::string_view{"create_table"}}};

constexpr std::size_t max_text_field = 200;

[[noreturn]] void bad_field(std::string_view field, std::string_view why) {
    throw protocol_error("bad_field", "field '" + std::string(field) + "' " + std::string(why));
}

const json* member(const json& j, std::string_view field) {
    auto it = j.find(field);
    return it == j.end() ? nullptr : &*it;
}

std::string text_field(const json& j, std::string_view field, bool required) {
    const json* v = member(j, field);
    if (!v) {
        if (required) bad_field(field, "is missing");
        return {};
    }
    if (!v->is_string()) bad_field(field, "must be a string");
    const auto& s = v->get_ref<const std::string&>();
    if (s.size() > max_text_field) bad_field(field, "is longer than 200 bytes");
    return s;
}

// A whole number of chips from 1 to 2^62: no fraction, no sign, no exponent beyond it.
chips amount_field(const json& j, std::string_view field) {
    const json* v = member(j, field);
    if (!v) bad_field(field, "is missing");
    if (!v->is_number()) bad_field(field, "must be a number");
    const bool whole = v->is_number_unsigned();
    if (!whole || v->get<std::uint64_t>() == 0 || v->get<std::uint64_t>() > static_cast<std::uint64_t>(max_chips))
        throw protocol_error("bad_amount", "field '" + std::string(field) + "' must be a whole number of chips from 1 to " +
                                               std::to_string(max_chips) + ", got " + v->dump());
    return static_cast<chips>(v->get<std::uint64_t>());
}

std::optional<int> seat_field(const json& j) {
    const json* v = member(j, "seat");
    if (!v || v->is_null()) return std::nullopt;
    if (!v->is_number_unsigned() || v->get<std::uint64_t>() < 1 || v->get<std::uint64_t>() > play::max_seats)
        bad_field("seat", "must be a table seat from 1 to 10");
    return static_cast<int>(v->get<std::uint64_t>());
}

CardList cards_field(const json& a) {
    const json* v = member(a, "cards");
    if (!v) return {};
    if (!v->is_string()) bad_field("cards", "must be a string of cards such as \"7h2c\"");
    if (v->get_ref<const std::string&>().empty()) return {};
    try {
        return parse_cards(v->get_ref<const std::string&>());
    } catch (const std::exception& e) {
        throw protocol_error("bad_cards", e.what());
    }
}

play::action structured_action(const json& a) {
    using k = play::action::kind;
    const std::string verb = text_field(a, "kind", true);
    if (verb == "fold") return play::action::fold_by(-1);
    if (verb == "check" || verb == "call" || verb == "check_or_call") return play::action::check_or_call_by(-1);
    if (verb == "bet" || verb == "raise" || verb == "complete") return play::action::raise_to(-1, amount_field(a, "amount"));
    if (verb == "bring_in") return play::action::bring_in_by(-1);
    if (verb == "discard" || verb == "stand_pat") {
        CardList cards = verb == "discard" ? cards_field(a) : CardList{};
        if (cards.size() > play::action_cards::static_capacity) throw protocol_error("bad_cards", "at most 8 cards");
        return {k::stand_pat_or_discard, -1, 0, play::to_action_cards(cards)};
    }
    if (verb == "show") {
        CardList cards = cards_field(a);
        if (cards.size() > play::action_cards::static_capacity) throw protocol_error("bad_cards", "at most 8 cards");
        return {k::show, -1, 0, play::to_action_cards(cards)};
    }
    if (verb == "muck") return play::action::muck_by(-1);
    if (verb == "run") {
        const json* times = member(a, "times");
        if (!times || !times->is_number_unsigned() || times->get<std::uint64_t>() < 1 || times->get<std::uint64_t>() > 4)
            bad_field("times", "must be the times to run the board, 1 to 4");
        return play::action::choose_runouts_by(-1, static_cast<int>(times->get<std::uint64_t>()));
    }
    bad_field("action.kind", "must be fold, check, call, bet, raise, complete, bring_in, discard, stand_pat, show, "
                             "muck or run, got '" + verb + "'");
}

}  // namespace

std::string_view to_string(request::kind k) {
    for (const auto& [kind, name] : kind_names)
        if (kind == k) return name;
    return "ping";
}

request read_request(std::string_view text) {
    if (text.size() > max_message_bytes)
        throw protocol_error("too_large", "a message may hold at most " + std::to_string(max_message_bytes) +
                                              " bytes, got " + std::to_string(text.size()));
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded()) throw protocol_error("bad_json", "the message is not JSON");
    if (!j.is_object()) throw protocol_error("not_an_object", "a message is a JSON object with a \"type\"");
    request r;
    r.id = text_field(j, "id", false);
    const std::string type = text_field(j, "type", true);
    const auto* found = std::find_if(kind_names.begin(), kind_names.end(), [&](const auto& p) { return p.second == type; });
    if (found == kind_names.end())
        throw protocol_error("unknown_type", "no message type '" + std::string(printable(type)) +
                                                 "': hello, list, sit, sit_out, sit_in, act, leave, ping or create_table");
    r.what = found->first;
    using k = request::kind;
    switch (r.what) {
        case k::hello: {
            const json* v = member(j, "version");
            if (!v || !v->is_number_unsigned()) bad_field("version", "must be the protocol version, 1");
            if (v->get<std::uint64_t>() != protocol_version)
                throw protocol_error("bad_version", "this server speaks version 1 of the protocol, not " + v->dump());
            r.version = protocol_version;
            r.token = text_field(j, "token", false);
            r.name = text_field(j, "name", false);
            if (const json* d = member(j, "deltas")) {
                if (!d->is_boolean()) bad_field("deltas", "must be true or false");
                r.deltas = d->get<bool>();
            }
            break;
        }
        case k::list:
        case k::ping: break;
        case k::sit:
            r.table = text_field(j, "table", true);
            r.seat = seat_field(j);
            r.buy_in = amount_field(j, "buy_in");
            break;
        case k::act: {
            r.table = text_field(j, "table", true);
            const json* a = member(j, "action");
            if (!a) bad_field("action", "is missing");
            if (a->is_string()) {
                r.action_text = a->get<std::string>();
                if (r.action_text.size() > max_text_field) bad_field("action", "is longer than 200 bytes");
            } else if (a->is_object()) {
                r.action = structured_action(*a);
            } else {
                bad_field("action", "must be PHH text (\"cbr 300\") or an object ({\"kind\": \"raise\", \"amount\": 300})");
            }
            break;
        }
        case k::sit_out:
        case k::sit_in:
        case k::leave: r.table = text_field(j, "table", true); break;
        case k::create_table: {
            const json* c = member(j, "config");
            if (!c || !c->is_object()) bad_field("config", "must be an object with the fields of a [[table]] of the configuration");
            r.config = *c;
            break;
        }
    }
    return r;
}

json error_frame(const protocol_error& e, std::string_view request_type, std::string_view id) {
    json j{{"type", "error"}, {"code", e.code()}, {"message", e.what()}};
    if (!request_type.empty()) j["request"] = request_type;
    if (!id.empty()) j["id"] = id;
    return j;
}

}  // namespace pokerengine::server

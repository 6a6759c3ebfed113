#pragma once
// The messages of the table server's protocol (docs/server.md), read from a
// client's text frame into a typed request, and the error every refusal is
// sent as. The reader checks everything a client controls: the size, the
// JSON, the type, each field's type and range; it never throws anything but
// `protocol_error`.
//
//     request r = read_request(R"({"type": "act", "table": "holdem-1", "action": "cbr 300"})");
//     // r.what == request::kind::act, r.table == "holdem-1", r.action_text == "cbr 300"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "pokerengine/play.hpp"
#include "pokerengine/server/wire.hpp"

namespace pokerengine::server {

/// The protocol's version: a hello must name it.
inline constexpr int protocol_version = 1;
/// The largest frame a client may send, in bytes.
inline constexpr std::size_t max_message_bytes = 4096;

/// A refused request: `code()` is the error code sent to the client, either
/// the server's own ("bad_json", "no_such_table", ...) or the library's
/// ("not_your_turn", "below_minimum", "seat_taken", ...), and `what()` says why.
class protocol_error : public std::runtime_error {
public:
    protocol_error(std::string code, const std::string& message) : std::runtime_error(message), code_(std::move(code)) {}
    const std::string& code() const { return code_; }

private:
    std::string code_;
};

/// One request of a client.
struct request {
    enum class kind : std::uint8_t { hello, list, sit, sit_out, sit_in, act, leave, ping, create_table };
    kind what = kind::ping;
    int version = 0;              // hello
    std::string token;            // hello: empty asks the server for a new one
    std::string name;             // hello: the name shown at tables
    bool deltas = false;          // hello: views as patches (`view_delta`) when shorter
    std::string table;            // sit, sit_out, sit_in, act, leave
    std::optional<int> seat;      // sit: the table seat from 1; empty for any free seat
    chips buy_in = 0;             // sit
    std::string action_text;      // act: PHH text, with or without the player ("cbr 300", "p3 cbr 300")
    std::optional<play::action> action;  // act: a structured action (its seat is the client's, filled in later)
    std::string id;               // echoed in the answer or the error, when given
    json config;                  // create_table: the fields of a [[table]] of the configuration
};

/// The name of a request kind as the protocol spells it: "hello", "act", ...
std::string_view to_string(request::kind k);

/// Reads one client frame. Throws `protocol_error`: "too_large" past
/// `max_message_bytes`, "bad_json", "not_an_object", "unknown_type",
/// "bad_field" (a field missing or of the wrong type, naming it), "bad_amount"
/// (an amount that is not a whole number of chips from 1 to 2^62),
/// "bad_cards", and the notation layer's codes for an action's text.
request read_request(std::string_view text);

/// An error frame: `{"type": "error", "code": ..., "message": ..., "request": ..., "id": ...}`.
json error_frame(const protocol_error& e, std::string_view request_type = {}, std::string_view id = {});

}  // namespace pokerengine::server

// iPoker hand histories: XML, a `<session>` whose `<general>` names the game
// and stakes ("Holdem NL €0.05/€0.10"), then one `<game>` per hand with its
// players (stacks, the button, each one's `win` and `bet` totals) and rounds of
// numbered actions (0: blinds and antes, 1: pre-flop, 2 to 4: flop, turn and
// river). Cash games of hold'em and Omaha, no-limit, pot-limit and limit.
// The XML is read by a small strict reader of the subset iPoker writes:
// elements, attributes in double quotes, text, the five named entities and
// character references; anything else is an error naming its line.

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "room_text.hpp"

namespace pokerengine::play {
namespace {

using namespace room_text;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// "<game" as the start of an element at `at` of `text`.
bool game_at(string_view text, std::size_t at) {
    return text.substr(at, 5) == "<game" && at + 5 < text.size() && (is_space(text[at + 5]) || text[at + 5] == '>');
}

std::size_t next_game(string_view text, std::size_t from) {
    for (auto at = text.find("<game", from); at != string_view::npos; at = text.find("<game", at + 1))
        if (game_at(text, at)) return at;
    return text.size();
}

// Where the next game or session starts: a game's text ends there at the latest.
std::size_t next_game_or_session(string_view text, std::size_t from) {
    const std::size_t game = next_game(text, from);
    for (auto at = text.find("<session", from); at < game; at = text.find("<session", at + 1))
        if (at + 8 < text.size() && (is_space(text[at + 8]) || text[at + 8] == '>')) return at;
    return game;
}

struct element {
    enum class kind : std::uint8_t { open, close, empty };
    kind what = kind::open;
    string_view name;
    std::vector<std::pair<string_view, std::string>> attributes;
    std::size_t line = 0;
    string_view source;  // the element as written, for reasons

    bool opens(string_view n) const { return what == kind::open && name == n; }
    bool closes(string_view n) const { return what == kind::close && name == n; }
    const std::string* attribute(string_view n) const {
        for (const auto& [key, value] : attributes)
            if (key == n) return &value;
        return nullptr;
    }
    const std::string& required(string_view n) const {
        if (const std::string* v = attribute(n)) return *v;
        throw bad_line{line, "<" + std::string(name) + "> without its '" + std::string(n) + "': '" + printable(source) + "'"};
    }
};

// The text of a block, element by element, counting its lines.
class xml_text {
public:
    // `text` from byte `at`, which is on line `line`.
    xml_text(string_view text, std::size_t at, std::size_t line) : text_(text), at_(at), line_(line) {}

    std::size_t line() const { return line_; }
    std::size_t offset() const { return at_; }
    string_view source() const { return text_; }

    bool at_end() {
        skip_space();
        return at_ >= text_.size();
    }

    void skip_to(std::size_t offset) {
        while (at_ < offset) advance();
    }

    // The next element, the XML declaration skipped; text between elements is an error.
    element next() {
        skip_space();
        if (at_ >= text_.size()) throw bad_line{line_, "the file ends inside a hand"};
        const std::size_t line = line_;
        if (text_[at_] != '<') throw bad_line{line, "text outside an element: '" + printable(rest_of_line()) + "'"};
        if (text_.substr(at_, 5) == "<?xml") {
            const auto end = text_.find("?>", at_);
            if (end == string_view::npos) throw bad_line{line, "an XML declaration without its '?>' before the next game or session"};
            skip_to(end + 2);
            return next();
        }
        const auto end = text_.find('>', at_);
        if (end == string_view::npos) throw bad_line{line, "an element that does not end: '" + printable(rest_of_line()) + "'"};
        element e;
        e.line = line;
        e.source = text_.substr(at_, end + 1 - at_);
        string_view inside = e.source.substr(1, e.source.size() - 2);
        if (starts_with(inside, "/")) {
            e.what = element::kind::close;
            inside.remove_prefix(1);
        } else if (ends_with(inside, "/")) {
            e.what = element::kind::empty;
            inside.remove_suffix(1);
        }
        std::size_t k = 0;
        while (k < inside.size() && (std::isalnum(static_cast<unsigned char>(inside[k])) || inside[k] == '_')) ++k;
        e.name = inside.substr(0, k);
        if (e.name.empty()) bad(e, "not an element");
        inside.remove_prefix(k);
        for (;;) {
            const std::size_t before = inside.size();
            while (!inside.empty() && is_space(inside.front())) inside.remove_prefix(1);
            if (inside.empty()) break;
            if (e.what == element::kind::close || before == inside.size()) bad(e, "not an element");
            const auto eq = inside.find("=\"");
            const auto close = eq == string_view::npos ? eq : inside.find('"', eq + 2);
            if (close == string_view::npos) bad(e, "an attribute not written name=\"value\"");
            const string_view key = inside.substr(0, eq);
            if (key.empty() || std::any_of(key.begin(), key.end(), [](char c) {
                    return !std::isalnum(static_cast<unsigned char>(c)) && c != '_';
                }))
                bad(e, "an attribute not written name=\"value\"");
            e.attributes.emplace_back(key, decode(inside.substr(eq + 2, close - eq - 2), line));
            inside.remove_prefix(close + 1);
        }
        skip_to(end + 1);
        return e;
    }

    // The text up to the next element, decoded and trimmed.
    std::string text() {
        const auto end = std::min(text_.find('<', at_), text_.size());
        const std::size_t line = line_;
        const string_view raw = text_.substr(at_, end - at_);
        skip_to(end);
        return decode(trim(raw), line);
    }

private:
    void advance() {
        if (text_[at_] == '\n') ++line_;
        ++at_;
    }
    void skip_space() {
        while (at_ < text_.size() && is_space(text_[at_])) advance();
    }
    string_view rest_of_line() const {
        const string_view rest = text_.substr(at_);
        return trim(rest.substr(0, std::min<std::size_t>(rest.find('\n'), 60)));
    }
    [[noreturn]] static void bad(const element& e, string_view why) {
        throw bad_line{e.line, std::string(why) + ": '" + printable(e.source) + "'"};
    }

    // The five named entities and character references; a bare '&' or another entity is an error.
    static std::string decode(string_view raw, std::size_t line) {
        std::string out;
        for (std::size_t k = 0; k < raw.size(); ++k) {
            if (raw[k] != '&') {
                out += raw[k];
                continue;
            }
            const auto semi = raw.find(';', k);
            const string_view entity = raw.substr(k + 1, semi == string_view::npos ? 0 : semi - k - 1);
            k = semi;
            if (entity == "amp") out += '&';
            else if (entity == "lt") out += '<';
            else if (entity == "gt") out += '>';
            else if (entity == "quot") out += '"';
            else if (entity == "apos") out += '\'';
            else if (entity.size() >= 2 && entity.size() <= 8 && entity[0] == '#') {
                const bool hex = entity[1] == 'x';
                unsigned code = 0;
                for (char c : entity.substr(hex ? 2 : 1)) {
                    const int d = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
                                  : hex && std::isxdigit(static_cast<unsigned char>(c)) ? (std::tolower(c) - 'a' + 10)
                                                                                         : -1;
                    if (d < 0) throw bad_line{line, "a character reference that is not a number: '&" + printable(entity) + ";'"};
                    code = code * (hex ? 16U : 10U) + static_cast<unsigned>(d);
                }
                if (code == 0 || code > 0x10FFFF || (code >= 0xD800 && code < 0xE000))
                    throw bad_line{line, "a character reference to no character: '&" + printable(entity) + ";'"};
                if (code < 0x80) out += static_cast<char>(code);
                else if (code < 0x800) {
                    out += static_cast<char>(0xC0 | (code >> 6));
                    out += static_cast<char>(0x80 | (code & 0x3F));
                } else if (code < 0x10000) {
                    out += static_cast<char>(0xE0 | (code >> 12));
                    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
                    out += static_cast<char>(0x80 | (code & 0x3F));
                } else {
                    out += static_cast<char>(0xF0 | (code >> 18));
                    out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
                    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
                    out += static_cast<char>(0x80 | (code & 0x3F));
                }
            } else {
                throw bad_line{line, "an '&' that starts no entity the reader knows: '" + printable(raw) + "'"};
            }
        }
        return out;
    }

    string_view text_;
    std::size_t at_ = 0;
    std::size_t line_;
};

// What one game needs from the session before it: its `<gametype>`.
struct session_state : read_state {
    std::string gametype;
    std::size_t gametype_line = 0;
    std::size_t tournament_line = 0;  // of a `<tournament...>` field: the session is a tournament's
};

// How the amounts of a game write their decimals: "€1.50" or "€1,50" ("$1,020.50" groups thousands).
enum class decimal_mark : std::uint8_t { unknown, point, comma };

struct player_line {
    decimal_amount win, bet;
    std::size_t line = 0;
};

class game_reader : room_hand {
public:
    game_reader(const hand_text& t, xml_text& x, const element& game, const session_state& session)
        : room_hand(t, "ipoker"), x_(x), game_element_(game), session_(session) {}

    // The game's hand; `finished` says whether the text was read to its `</game>`.
    imported_hand read(bool& finished) {
        imported_hand h = room_hand::read([&] {
            out_.id = game_element_.required("gamecode");
            game_type();
            players();
            rounds();
            if (tournament_) stakes_from_big_blind();
            finished_ = true;
            if (button_ == 0) bad(t_.first_line, "no player has the button (dealer=\"1\")");
        });
        finished = finished_;
        if (h.read_status == import_status::ok) settle(h);
        return h;
    }

private:
    // "Holdem NL €0.05/€0.10", "Omaha PL $0.50/$1", "Holdem L $5/$10": the game, its structure and
    // stakes; a tournament's, "Holdem NL", has no stakes (they rise by levels: `stakes_from_big_blind`).
    void game_type() {
        const string_view text = session_.gametype;
        const std::size_t n = session_.gametype_line;
        if (text.empty()) bad(t_.first_line, "no <gametype> in the session before the game");
        out_.game = std::string(text);
        tournament_ = session_.tournament_line != 0;
        const auto last = text.rfind(' ');
        const bool no_stakes = tournament_ && last != string_view::npos && text.find('/', last) == string_view::npos;
        const auto middle = no_stakes ? text.size() : last == string_view::npos ? last : text.rfind(' ', last - 1);
        if (last == string_view::npos || middle == string_view::npos)
            bad(n, "a game type the reader does not know: '" + printable(text) + "'");
        const string_view name = no_stakes ? text.substr(0, last) : text.substr(0, middle);
        const string_view structure = no_stakes ? text.substr(last + 1) : text.substr(middle + 1, last - middle - 1);
        if (name == "Holdem") game_ = find_game("holdem");
        else if (name == "Omaha") game_ = find_game("omaha");
        else unsupported(n, "the game '" + printable(name) + "' is not read yet");
        if (structure == "NL") structure_ = betting_structure::no_limit;
        else if (structure == "PL") structure_ = betting_structure::pot_limit;
        else if (structure == "L" || structure == "FL") structure_ = betting_structure::fixed_limit;
        else bad(n, "a betting structure the reader does not know: '" + printable(text) + "'");
        if (tournament_) {
            if (structure_ == betting_structure::fixed_limit)
                unsupported(n, "iPoker fixed-limit tournaments are not read yet: '" + printable(text) + "'");
            return;
        }
        const string_view stakes = text.substr(last + 1);
        const auto slash = stakes.find('/');
        if (slash == string_view::npos) bad(n, "no stakes in the game type: '" + printable(text) + "'");
        small_stake_ = amount(stakes.substr(0, slash), n);
        big_stake_ = amount(stakes.substr(slash + 1), n);
    }

    // An amount as iPoker writes it: "€0.05", "$5,753.50", "£1,50", "5". A comma followed by three
    // digits groups thousands, by one or two ends the whole part; the game's amounts must agree.
    decimal_amount amount(string_view text, std::size_t n) {
        auto refuse = [&](string_view why) { bad(n, std::string(why) + ": '" + printable(text) + "'"); };
        const auto point = text.find('.'), comma = text.rfind(',');
        decimal_mark mark = point == string_view::npos ? decimal_mark::unknown : decimal_mark::point;
        std::optional<decimal_amount> d;
        if (comma == string_view::npos) {
            d = money_of(text);
        } else if (point != string_view::npos && point < comma) {
            refuse("an amount with a point before a comma");
        } else if (std::min(point, text.size()) - comma - 1 == 3) {
            d = money_of(text, digit_grouping::commas);
            mark = decimal_mark::point;
        } else if (point == string_view::npos && (text.size() - comma == 2 || text.size() - comma == 3) && text.find(',') == comma) {
            std::string decimal(text);
            decimal[comma] = '.';
            d = money_of(decimal);
            mark = decimal_mark::comma;
        } else {
            refuse("an amount whose commas are neither thousands nor a decimal comma");
        }
        if (!d || d->too_large) refuse("not an amount");
        if (mark != decimal_mark::unknown) {
            if (mark_ != decimal_mark::unknown && mark_ != mark)
                refuse("an amount whose decimal mark is not the one of the game's other amounts");
            mark_ = mark;
        }
        note(*d);
        return *d;
    }

    static int whole_number(const element& e, string_view attribute, int most) {
        const std::string& text = e.required(attribute);
        int value = 0;
        if (text.empty()) throw bad_line{e.line, "an empty " + std::string(attribute) + ": '" + printable(e.source) + "'"};
        for (char c : text) {
            if (c < '0' || c > '9' || value > most)
                throw bad_line{e.line, "not a " + std::string(attribute) + " number: '" + printable(e.source) + "'"};
            value = value * 10 + (c - '0');
        }
        if (value > most) throw bad_line{e.line, "not a " + std::string(attribute) + " number: '" + printable(e.source) + "'"};
        return value;
    }

    element expect(string_view what) {
        element e = x_.next();
        if (!((what.front() == '/' && e.closes(what.substr(1))) || e.opens(what)))
            bad(e.line, "expected <" + std::string(what) + ">: '" + printable(e.source) + "'");
        return e;
    }

    // <general> <startdate>..</startdate> <players> <player .../>... </players> </general>
    void players() {
        expect("general");
        for (element e = x_.next(); !e.closes("general"); e = x_.next()) {
            if (e.opens("startdate")) {
                x_.text();
                expect("/startdate");
            } else if (e.opens("players")) {
                for (element p = x_.next(); !p.closes("players"); p = x_.next()) player(p);
            } else {
                bad(e.line, "an element the reader does not know in a game's <general>: '" + printable(e.source) + "'");
            }
        }
        if (seats_.empty()) bad(t_.first_line, "a game without players");
    }

    // <player seat="5" name="Frozean" chips="€8.72" dealer="1" win="€0" bet="€0" .../>
    void player(const element& e) {
        if (e.what != element::kind::empty || e.name != "player")
            bad(e.line, "expected <player .../>: '" + printable(e.source) + "'");
        seat_line s;
        s.line = s.summary_line = e.line;
        s.name = e.required("name");
        if (s.name.empty()) bad(e.line, "a player without a name: '" + printable(e.source) + "'");
        for (const seat_line& other : seats_)
            if (other.name == s.name) bad(e.line, "a second player named " + printable(s.name));
        s.number = whole_number(e, "seat", max_seat_number);
        s.stack = amount(e.required("chips"), e.line);
        const std::string& dealer = e.required("dealer");
        if (dealer == "1") {
            if (button_ != 0) bad(e.line, "a second player with the button: '" + printable(e.source) + "'");
            button_ = s.number;
        } else if (dealer != "0") {
            bad(e.line, "dealer is neither 0 nor 1: '" + printable(e.source) + "'");
        }
        results_.push_back({amount(e.required("win"), e.line), amount(e.required("bet"), e.line), e.line});
        seats_.push_back(std::move(s));
    }

    int player_named(const element& e) {
        const std::string& name = e.required("player");
        for (std::size_t k = 0; k < seats_.size(); ++k)
            if (seats_[k].name == name) return static_cast<int>(k);
        bad(e.line, "a player not in the game's players: '" + printable(e.source) + "'");
    }

    // "CJ S10 h3": the suit, then the rank; all "X": cards not known. Cards are apart by any
    // XML white space (an element left empty may hold a line end and tabs).
    CardList cards_of(string_view text, std::size_t n) {
        std::string written;
        std::size_t unknown = 0, count = 0;
        for (std::size_t start = 0; start < text.size();) {
            const auto end = std::min(text.find_first_of(" \t\r\n", start), text.size());
            const string_view card = text.substr(start, end - start);
            start = end + 1;
            if (card.empty()) continue;
            ++count;
            if (card == "X") {
                ++unknown;
                continue;
            }
            const char suit = static_cast<char>(std::tolower(static_cast<unsigned char>(card[0])));
            string_view rank = card.substr(1);
            if (rank == "10") rank = "T";
            if (rank.size() != 1 || string_view("shdc").find(suit) == string_view::npos)
                bad(n, "not a card: '" + printable(card) + "'");
            written += static_cast<char>(std::toupper(static_cast<unsigned char>(rank[0])));
            written += suit;
            written += ' ';
        }
        if (unknown != 0 && unknown != count) bad(n, "cards partly hidden: '" + printable(text) + "'");
        if (written.empty()) return {};
        try {
            return parse_cards(written);
        } catch (const std::invalid_argument& e) {
            bad(n, "cards that do not parse: '" + printable(text) + "': " + e.what());
        }
    }

    // A tournament hand's least bet, the big blind of its level: the big blind posted in full. A
    // hand without one (a shoot-out's antes, or a big blind all-in for less) has none on record,
    // which matters only when someone may bet: then it is not read.
    struct ipoker_action {
        int number;
        int who;
        int type;
        decimal_amount sum;
        std::size_t line;
    };

    // <round no="N"> with <action .../> and <cards ...>...</cards> until </game>.
    void rounds() {
        int last_round = -1;
        for (element e = x_.next(); !e.closes("game"); e = x_.next()) {
            if (!e.opens("round")) bad(e.line, "expected <round>: '" + printable(e.source) + "'");
            const int round = whole_number(e, "no", 4);
            if (round <= last_round) bad(e.line, "a round out of order: '" + printable(e.source) + "'");
            last_round = round;
            std::vector<ipoker_action> acts;
            std::optional<CardList> board;
            std::size_t board_line = 0;
            for (element a = x_.next(); !a.closes("round"); a = x_.next()) {
                if (a.what == element::kind::empty && a.name == "action") {
                    acts.push_back({whole_number(a, "no", 100000), player_named(a), whole_number(a, "type", 100),
                                    amount(a.required("sum"), a.line), a.line});
                    continue;
                }
                if (a.name != "cards" || a.what == element::kind::close)
                    bad(a.line, "expected <action> or <cards>: '" + printable(a.source) + "'");
                std::string text;
                if (a.what == element::kind::open) {
                    text = x_.text();
                    expect("/cards");
                }
                const std::string& type = a.required("type");
                const CardList cards = cards_of(text, a.line);
                static constexpr std::array<string_view, 5> board_of{"", "", "Flop", "Turn", "River"};
                if (type == "Pocket") {
                    const int who = player_named(a);
                    seat_line& s = seats_[static_cast<std::size_t>(who)];
                    s.in_hand = true;
                    if (!cards.empty()) s.known = cards;
                    pockets_.emplace_back(who, a.line);
                } else if (type == board_of[static_cast<std::size_t>(round)] && !board && !cards.empty()) {
                    board = cards;
                    board_line = a.line;
                } else {
                    bad(a.line, "cards the reader does not expect here: '" + printable(a.source) + "'");
                }
            }
            if (round >= 2) add(event::kind::street, -1, board_line ? board_line : e.line);
            if (board) add(event::kind::board, -1, board_line, {}, *board);
            std::stable_sort(acts.begin(), acts.end(), [](const auto& a, const auto& b) { return a.number < b.number; });
            for (const ipoker_action& a : acts) action(a);
        }
        // At the showdown, the players still in whose cards are known show them.
        for (const auto& [who, line] : pockets_) {
            const seat_line& s = seats_[static_cast<std::size_t>(who)];
            if (!s.known.empty() && !folded(who)) add(event::kind::show, who, line, {}, s.known);
        }
    }

    bool folded(int who) const {
        return std::any_of(events_.begin(), events_.end(),
                           [&](const event& e) { return e.who == who && e.what == event::kind::fold; });
    }

    // Types 0 fold, 1 small blind, 2 big blind, 3 call, 4 check, 5 bet, 7 all in (what it adds),
    // 8 sits out, 9 no blind posted, 15 ante, 23 raise (to the street's total).
    void action(const ipoker_action& a) {
        using k = event::kind;
        switch (a.type) {
            case 0: return add(k::fold, a.who, a.line);
            case 1: return add(k::small_blind, a.who, a.line, a.sum);
            case 2: return add(k::big_blind, a.who, a.line, a.sum);
            case 3: return add(k::call, a.who, a.line, a.sum);
            case 4: return add(k::check, a.who, a.line);
            case 5: return add(k::bet, a.who, a.line, a.sum);
            case 7: return add(all_in_raises(a) ? k::bet : k::call, a.who, a.line, a.sum);
            case 8:
            case 9: return;
            case 15: return add(k::ante, a.who, a.line, a.sum);
            case 23: return add(k::raise_to, a.who, a.line, a.sum);
            default: bad(a.line, "an action type the reader does not know: " + std::to_string(a.type));
        }
    }

    // Whether an all-in of `a.sum` more goes above the street's highest total: a raise, else a call.
    bool all_in_raises(const ipoker_action& a) const {
        const put_in in = actions_put_in(decimals_);
        const chips highest = *std::max_element(in.street.begin(), in.street.end());
        return plus(in.street[static_cast<std::size_t>(a.who)], in_units(a.sum, decimals_).value_or(max_chips)) > highest;
    }

    // Sums that stop at 2^62: amounts that large are refused when the hand is built.
    static chips plus(chips a, chips b) { return b > max_chips - a ? max_chips : a + b; }

    struct put_in {
        std::vector<chips> hand, street;  // per seat line: in the hand, in the street so far
    };
    // What each seat put in by the actions read so far, in units of `decimals`.
    put_in actions_put_in(int decimals) const {
        auto units = [&](const decimal_amount& v) { return in_units(v, decimals).value_or(max_chips); };
        put_in in{std::vector<chips>(seats_.size(), 0), std::vector<chips>(seats_.size(), 0)};
        bool small_posted = false;
        for (const event& e : events_) {
            if (e.what == event::kind::street) std::fill(in.street.begin(), in.street.end(), 0);
            if (e.who < 0) continue;
            chips& hand = in.hand[static_cast<std::size_t>(e.who)];
            chips& street = in.street[static_cast<std::size_t>(e.who)];
            const chips a = units(e.amount);
            switch (e.what) {
                case event::kind::ante: hand = plus(hand, a); break;
                case event::kind::small_blind:
                    // A second small blind is a returning player's dead one.
                    hand = plus(hand, a);
                    if (!small_posted) street = plus(street, a);
                    small_posted = true;
                    break;
                case event::kind::big_blind:
                case event::kind::call:
                case event::kind::bet:
                    hand = plus(hand, a);
                    street = plus(street, a);
                    break;
                case event::kind::raise_to:
                    hand = plus(hand, std::max<chips>(a - street, 0));
                    street = a;
                    break;
                default: break;
            }
        }
        return in;
    }

    // The room's net result of each seat, its `win` less its `bet`, and the rake: what was bet and not won.
    void settle(imported_hand& h) {
        auto units = [&](const decimal_amount& d) { return in_units(d, h.hand.decimals).value_or(max_chips); };
        chips bet = 0, won = 0;
        for (std::size_t k = 0; k < seats_.size(); ++k) {
            const player_line& r = results_[k];
            if (units(r.bet) > max_chips - bet || units(r.win) > max_chips - won)
                return fail(h, r.line, "the amounts of the hand add up to more than 2^62 units");
            bet += units(r.bet);
            won += units(r.win);
            const auto seat = std::find(h.players.begin(), h.players.end(), seats_[k].name);
            if (seat == h.players.end()) {
                if (units(r.win) != 0 || units(r.bet) != 0)
                    return fail(h, r.line, printable(seats_[k].name) + " bets or wins but is not dealt in");
                continue;
            }
            h.recorded_results[static_cast<std::size_t>(seat - h.players.begin())] = units(r.win) - units(r.bet);
        }
        // Each seat's actions must add up to its bet total.
        const put_in in = actions_put_in(h.hand.decimals);
        for (std::size_t k = 0; k < seats_.size(); ++k)
            if (in.hand[k] != units(results_[k].bet))
                return fail(h, results_[k].line,
                            printable(seats_[k].name) + "'s actions put in " + money_text(in.hand[k], h.hand.decimals) +
                                ", its bet total is " + money_text(units(results_[k].bet), h.hand.decimals));
        if (won > bet) return fail(h, t_.first_line, "the players win more than they bet");
        h.rake = bet - won;
    }

    static void fail(imported_hand& h, std::size_t line, const std::string& why) {
        h.read_status = import_status::error;
        h.reason = "line " + std::to_string(line) + ": " + why;
    }

    xml_text& x_;
    const element& game_element_;
    const session_state& session_;
    decimal_mark mark_ = decimal_mark::unknown;
    std::vector<player_line> results_;  // per seat line
    std::vector<std::pair<int, std::size_t>> pockets_;  // each <cards type="Pocket">: its seat line and line
    bool finished_ = false;
};

class ipoker : public history_reader {
public:
    std::string_view room() const override { return "ipoker"; }

    // `<session` first, after a BOM and an XML declaration.
    bool recognizes(std::string_view head) const override {
        if (starts_with(head, bom)) head.remove_prefix(bom.size());
        head = head.substr(std::min(head.find_first_not_of(" \t\r\n"), head.size()));
        if (starts_with(head, "<?xml")) {
            const auto end = head.find("?>");
            if (end == string_view::npos) return false;
            head.remove_prefix(end + 2);
            head = head.substr(std::min(head.find_first_not_of(" \t\r\n"), head.size()));
        }
        return starts_with(head, "<session") && head.size() > 8 && (is_space(head[8]) || head[8] == '>');
    }

    std::unique_ptr<read_state> file_state() const override { return std::make_unique<session_state>(); }

    std::vector<imported_hand> read(std::string_view text, std::string_view file, const text_block& where,
                                    read_state* state) const override {
        session_state own;
        session_state* session = state ? dynamic_cast<session_state*>(state) : &own;
        if (!session) throw std::invalid_argument("the iPoker reader reads with the state of its own file_state()");
        std::vector<imported_hand> hands;
        // A stream's blocks start at games: so that a block read alone gives what the whole file gives, the
        // text before the first game and each game's text up to the next game are read on their own, and
        // an element or declaration that does not end before the next game is an error there.
        std::size_t line = where.first_line;
        for (std::size_t start = starts_with(text, bom) ? bom.size() : 0; start < text.size();) {
            const std::size_t end = next_game(text, start + 1);
            xml_text x(text.substr(0, end), start, line);
            read_piece(x, file, where, *session, hands);
            line = x.line();
            start = end;
        }
        return hands;
    }

    std::vector<text_block> blocks(std::string_view text, std::size_t bytes) const override {
        std::vector<text_block> out{{0, 0, 1, 0}};
        std::size_t lines = 1, counted = 0;
        for (std::size_t at = next_game(text, 0); at < text.size(); at = next_game(text, at + 1)) {
            if (at - out.back().offset < bytes || at == 0) continue;
            lines += static_cast<std::size_t>(std::count(text.begin() + static_cast<std::ptrdiff_t>(counted),
                                                         text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
            counted = at;
            out.push_back({at, 0, lines, 0});
        }
        for (std::size_t k = 0; k < out.size(); ++k)
            out[k].length = (k + 1 < out.size() ? out[k + 1].offset : text.size()) - out[k].offset;
        return out;
    }

private:
    // The sessions, session fields and games of `x`, a game's text or the text before the first game.
    static void read_piece(xml_text& x, std::string_view file, const text_block& where, session_state& session,
                           std::vector<imported_hand>& hands) {
        const string_view text = x.source();
        while (!x.at_end()) {
            const std::size_t line = x.line(), start = x.offset();
            try {
                const element e = x.next();
                if (e.opens("session")) {
                    session.gametype.clear();
                    session.gametype_line = session.tournament_line = 0;
                } else if (e.closes("session")) {
                } else if (e.opens("general")) {
                    session_general(x, session);
                } else if (e.opens("game")) {
                    // The game is read in its own text, up to the next game or session, so that one broken
                    // game spoils no other.
                    const std::size_t end = next_game_or_session(text, x.offset());
                    xml_text game(text.substr(0, end), x.offset(), x.line());
                    const hand_text t{file, where.first_hand + hands.size(), {}, line};
                    bool finished = false;
                    hands.push_back(game_reader{t, game, e, session}.read(finished));
                    x.skip_to(finished ? game.offset() : end);
                } else {
                    throw bad_line{e.line, "not an iPoker session or game: '" + printable(e.source) + "'"};
                }
            } catch (const bad_line& b) {
                imported_hand bad;
                bad.room = "ipoker";
                bad.hand.file = std::string(file);
                bad.hand.index = where.first_hand + hands.size();
                bad.first_line = b.line;
                bad.read_status = import_status::error;
                bad.reason = "line " + std::to_string(b.line) + ": " + b.why;
                hands.push_back(std::move(bad));
                x.skip_to(next_game_or_session(text, std::max(x.offset(), start + 1)));
            }
        }
    }

    // The session's <general>: <gametype> read, the other fields' text passed over.
    static void session_general(xml_text& x, session_state& session) {
        for (element e = x.next(); !e.closes("general"); e = x.next()) {
            if (e.what == element::kind::empty) continue;
            if (e.what != element::kind::open)
                throw bad_line{e.line, "not a field of the session: '" + printable(e.source) + "'"};
            std::string text = x.text();
            const element end = x.next();
            if (!end.closes(e.name)) throw bad_line{end.line, "expected </" + std::string(e.name) + ">: '" + printable(end.source) + "'"};
            if (starts_with(e.name, "tournament") && session.tournament_line == 0) session.tournament_line = e.line;
            if (e.name == "gametype") {
                session.gametype = std::move(text);
                session.gametype_line = e.line;
            }
        }
    }
};

}  // namespace

const history_reader& ipoker_reader() {
    static const ipoker reader;
    return reader;
}

}  // namespace pokerengine::play

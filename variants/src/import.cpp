#include "pokerengine/import.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <numeric>

#include "pokerengine/phh.hpp"
#include "pokerengine/thread_pool.hpp"

namespace pokerengine::play {

const history_reader& pokerstars_reader();  // import_pokerstars.cpp
const history_reader& ggpoker_reader();     // import_pokerstars.cpp: PokerStars' text with GGPoker's words
const history_reader& fulltilt_reader();    // import_fulltilt.cpp
const history_reader& winamax_reader();     // import_winamax.cpp
const history_reader& ipoker_reader();      // import_ipoker.cpp
const history_reader& partypoker_reader();  // import_partypoker.cpp

std::string_view to_string(import_status status) {
    switch (status) {
        case import_status::ok: return "ok";
        case import_status::mismatch: return "mismatch";
        case import_status::unsupported: return "unsupported";
        case import_status::error: return "error";
    }
    return "error";
}

std::span<const history_reader* const> readers() {
    static const std::array all{&pokerstars_reader(), &ggpoker_reader(), &fulltilt_reader(), &winamax_reader(),
                                &ipoker_reader(), &partypoker_reader()};
    return all;
}

const history_reader* find_reader(std::string_view room) {
    for (const history_reader* r : readers())
        if (r->room() == room) return r;
    return nullptr;
}

const history_reader* detect_reader(std::string_view text) {
    // The first few lines are enough for every room: its header comes first.
    std::size_t end = 0;
    for (int lines = 0; lines < 8 && end != std::string_view::npos; ++lines) {
        end = text.find('\n', end);
        if (end != std::string_view::npos) ++end;
    }
    const std::string_view head = text.substr(0, end == std::string_view::npos ? text.size() : end);
    for (const history_reader* r : readers())
        if (r->recognizes(head)) return r;
    return nullptr;
}

line_cut history_reader::last_line_end(std::string_view text) const {
    const std::size_t end = text.rfind('\n');
    if (end == std::string_view::npos) return {};
    return {end + 1, static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(end), '\n')) + 1};
}

history_stream::history_stream(std::istream& in, std::size_t chunk_bytes, std::size_t max_run_bytes)
    : in_(in), chunk_bytes_(std::max<std::size_t>(1, chunk_bytes)), max_run_bytes_(max_run_bytes) {}

void history_stream::read_chunk() {
    const std::size_t had = buffer_.size();
    buffer_.resize(had + chunk_bytes_);
    in_.read(buffer_.data() + had, static_cast<std::streamsize>(chunk_bytes_));
    buffer_.resize(had + static_cast<std::size_t>(in_.gcount()));
    failed_ = in_.bad();
    ended_ = failed_ || buffer_.size() < had + chunk_bytes_ || in_.peek() == std::istream::traits_type::eof();
    cut_ = false;
}

std::string_view history_stream::head() {
    if (bytes_read() == 0 && !ended_) read_chunk();
    if (failed_ && consumed_ == 0 && buffer_.empty()) throw history_read_error("cannot read the file");
    return buffer_;
}

std::vector<history_block> history_stream::next(const history_reader& reader, std::size_t block_bytes) {
    buffer_.erase(0, given_);
    consumed_ += given_;
    given_ = 0;
    std::vector<history_block> out;
    while (out.empty() && !(ended_ && buffer_.empty())) {
        if (cut_ && !ended_) read_chunk();
        cut_ = true;
        const std::string_view text = buffer_;
        const std::vector<text_block> cut = reader.blocks(text, std::max<std::size_t>(1, block_bytes));
        // The last block's hand may go on in the text not read yet.
        const std::size_t whole = ended_ ? cut.size() : cut.size() - 1;
        for (std::size_t k = 0; k < whole; ++k)
            out.push_back({{consumed_ + cut[k].offset, cut[k].length, line_ + cut[k].first_line - 1, 0},
                           text.substr(cut[k].offset, cut[k].length)});
        if (whole > 0) {
            given_ = whole < cut.size() ? cut[whole].offset : text.size();
            if (whole < cut.size()) line_ += cut[whole].first_line - 1;
        } else if (text.size() - std::min(text.size(), block_bytes) > max_run_bytes_) {
            // No hand starts in too long a run after the block's first `block_bytes`: given after
            // its last whole line (or, in a line that long, anywhere but between \r and \n), as
            // hands that cannot be read.
            const line_cut at = reader.last_line_end(text);
            const std::size_t end = at.bytes > 0 ? at.bytes : text.size() - (text.back() == '\r' ? 1 : 0);
            if (end > 0) {
                out.push_back({{consumed_, end, line_, 0}, text.substr(0, end)});
                given_ = end;
                line_ += at.lines;
            }
        }
    }
    if (out.empty() && failed_) {
        failed_ = false;
        throw history_read_error("cannot read the file after byte " + std::to_string(bytes_read()));
    }
    return out;
}

history_hands::history_hands(history_stream& stream, const history_reader& reader, std::string file,
                             unsigned threads, std::size_t block_bytes)
    : stream_(stream), reader_(reader), file_(std::move(file)), threads_(std::max(1U, threads)),
      block_bytes_(block_bytes), state_(reader.file_state()) {}

std::vector<imported_hand> history_hands::next() {
    // Blocks of blank lines hold no hand: only the end gives none.
    std::vector<imported_hand> hands;
    while (hands.empty()) {
        const std::vector<history_block> blocks = stream_.next(reader_, block_bytes_);
        if (blocks.empty()) break;
        hands = read_round(blocks);
    }
    return hands;
}

std::vector<imported_hand> history_hands::read_round(const std::vector<history_block>& blocks) {
    std::vector<std::vector<imported_hand>> read(blocks.size());
    const auto read_block = [&](std::size_t b) {
        read[b] = reader_.read(blocks[b].text, file_, blocks[b].where, state_.get());
    };
    const unsigned used = state_ ? 1U : std::min<unsigned>(threads_, static_cast<unsigned>(blocks.size()));
    if (used == 1) {
        for (std::size_t b = 0; b < blocks.size(); ++b) read_block(b);
    } else {
        std::atomic<std::size_t> next{0};
        run_parallel(used, [&](unsigned, stop_token) {
            for (std::size_t b = next++; b < blocks.size(); b = next++) read_block(b);
        });
    }
    std::vector<imported_hand> hands;
    std::size_t count = 0;
    for (const std::vector<imported_hand>& block : read) count += block.size();
    hands.reserve(count);
    for (std::vector<imported_hand>& block : read)
        for (imported_hand& hand : block) {
            hand.hand.index = hands_given_++;  // each block counted its hands from 0
            hands.push_back(std::move(hand));
        }
    const text_block& last = blocks.back().where;
    bytes_done_ = last.offset + last.length;
    return hands;
}

namespace {

// A round of blocks as the merging process shares it: a status word (blocks,
// or the stream's error), then each block's place and text, or the message.
constexpr std::uint64_t round_blocks = 0, round_failed = 1;

struct shared_block {
    text_block where;
    std::string text;
};

block_result pack_round(const std::vector<history_block>& blocks, block_result reuse) {
    block_writer w{std::move(reuse)};
    w.word(round_blocks);
    w.word(blocks.size());
    for (const history_block& b : blocks) {
        w.word(b.where.offset);
        w.word(b.where.length);
        w.word(b.where.first_line);
        w.text(b.text);
    }
    return w.take();
}

std::vector<shared_block> unpack_round(const block_result& words) {
    block_reader r{words};
    if (r.word() == round_failed) throw history_read_error(std::string(r.text()));
    std::vector<shared_block> blocks(r.word());
    for (shared_block& b : blocks) {
        b.where.offset = r.word();
        b.where.length = r.word();
        b.where.first_line = r.word();
        b.text = r.text();
    }
    return blocks;
}

}  // namespace

std::uint64_t for_each_hand_block(history_stream& stream, const history_reader& reader, const std::string& file,
                                  block_driver& driver,
                                  const std::function<void(std::span<const imported_hand>, block_writer&)>& report,
                                  const std::function<void(block_reader&, std::uint64_t)>& merge,
                                  std::size_t block_bytes) {
    const std::unique_ptr<read_state> state = reader.file_state();
    std::uint64_t hands_before = 0;
    block_result words;  // each round's, its memory kept for the next
    while (true) {
        if (driver.merges()) {
            try {
                words = pack_round(stream.next(reader, block_bytes), std::move(words));
            } catch (const history_read_error& e) {
                block_writer w;
                w.word(round_failed);
                w.text(e.what());
                words = w.take();
            }
        }
        driver.share_words(words);
        const std::vector<shared_block> blocks = unpack_round(words);
        if (blocks.empty()) break;
        const std::size_t count = blocks.size();
        std::vector<std::vector<imported_hand>> hands(count);
        std::vector<char> read(count, 0);
        const auto read_block = [&](std::size_t b) {
            hands[b] = reader.read(blocks[b].text, file, blocks[b].where, state.get());
            read[b] = 1;
        };
        // Where each block's hands start in the file's count: a reader with
        // state reads them all here, in order; the others in blocks on the
        // driver, which keeps them where they were read for the second pass.
        std::vector<std::uint64_t> first(count + 1, hands_before);
        if (state) {
            for (std::size_t b = 0; b < count; ++b) read_block(b);
            for (std::size_t b = 0; b < count; ++b) first[b + 1] = first[b] + hands[b].size();
        } else {
            const std::vector<block_result> sizes = driver.run(0, count, [&](std::uint64_t b) {
                read_block(static_cast<std::size_t>(b));
                return block_result{hands[static_cast<std::size_t>(b)].size()};
            });
            block_result starts;
            if (driver.merges()) {
                starts.assign(count + 1, hands_before);
                for (std::size_t b = 0; b < count; ++b) starts[b + 1] = starts[b] + sizes[b].at(0);
            }
            driver.share_words(starts);
            first.assign(starts.begin(), starts.end());
        }
        const std::vector<block_result> results = driver.run(0, count, [&](std::uint64_t block) {
            const auto b = static_cast<std::size_t>(block);
            if (!read[b]) read_block(b);  // a driver may run a block elsewhere the second time
            for (std::size_t k = 0; k < hands[b].size(); ++k) hands[b][k].hand.index = first[b] + k;
            block_writer out;
            report(hands[b], out);
            hands[b].clear();
            return out.take();
        });
        for (std::size_t b = 0; b < results.size(); ++b) {
            block_reader in{results[b]};
            merge(in, blocks[b].where.offset + blocks[b].where.length);
        }
        hands_before = first[count];
    }
    return hands_before;
}

namespace {

std::string seat_name(const imported_hand& hand, std::size_t seat) {
    return "seat " + std::to_string(seat + 1) + " (" + printable(hand.players.at(seat)) + ")";
}

std::string line_prefix(std::size_t line) { return line == 0 ? std::string() : "line " + std::to_string(line) + ": "; }

}  // namespace

namespace {

// Fills `out` (a replayed hand holds a 2 KB state: it is built in place, never copied).
void check_into(import_check& out, const imported_hand& hand, const replay_options& options) {
    const std::size_t n = hand.players.size();
    if (hand.read_status != import_status::ok) {
        out.status = hand.read_status;
        out.reason = hand.reason;
        return;
    }
    auto fail = [&](import_status status, std::string reason) {
        out.status = status;
        out.reason = std::move(reason);
    };
    if (hand.cancelled) {
        // Every chip goes back: nothing is settled, but what was played must still be legal.
        out.results.assign(n, 0);
        if (n >= 2) {
            out.replayed = replay(hand.hand, options);
            if (!out.replayed.ok) {
                const std::size_t line = out.replayed.action ? hand.action_lines.at(*out.replayed.action) : 0;
                return fail(import_status::error, line_prefix(line) + out.replayed.code + ": " + out.replayed.error);
            }
        }
        for (std::size_t s = 0; s < n; ++s)
            if (hand.recorded_results.at(s) != 0)
                return fail(import_status::mismatch, line_prefix(hand.result_lines.at(s)) + seat_name(hand, s) +
                                                         ": the hand was cancelled, but the room's result is " +
                                                         money_text(hand.recorded_results[s], hand.hand.decimals));
        return;
    }
    out.replayed = replay(hand.hand, options);
    const replay_result& r = out.replayed;
    if (!r.ok) {
        const std::size_t line = r.action ? hand.action_lines.at(*r.action) : hand.first_line;
        return fail(import_status::error, line_prefix(line) + r.code + ": " + r.error);
    }
    if (!r.state->is_complete()) {
        const std::size_t line = hand.action_lines.empty() ? hand.first_line : hand.action_lines.back();
        return fail(import_status::error, line_prefix(line) + "the record ends before the hand does");
    }
    const int d = hand.hand.decimals;
    const auto stacks = r.state->stacks();
    std::vector<chips> net(n), paid(r.state->payouts().begin(), r.state->payouts().end()), taken(n);
    for (std::size_t s = 0; s < n; ++s) net[s] = stacks[s] - hand.hand.config.starting_stacks[s];
    if (!hand.cash_outs.empty())  // beside the pots: the same in both results
        for (std::size_t s = 0; s < n; ++s) net[s] += hand.cash_outs.at(s);
    // A pot whose showdown needs unknown cards is undetermined: the engine awards it to
    // nobody, and the room's record may give it to any of the seats that contested it.
    chips undetermined = 0;
    std::vector<bool> contested(n, false);
    if (!r.undetermined.empty()) {
        const std::vector<pot_result> pots = r.state->pot_results();
        for (std::size_t p : r.undetermined) {
            undetermined += pots[p].amount;
            for (std::size_t seat : pots[p].eligible) contested[seat] = true;
            for (const pot_share& share : pots[p].shares)
                for (std::size_t k = 0; k < share.winners.size(); ++k) {
                    net[share.winners[k]] -= share.won[k];
                    paid[share.winners[k]] -= share.won[k];
                }
        }
    }
    for (std::size_t s = 0; s < n; ++s) taken[s] = net[s] - hand.recorded_results.at(s);
    out.results = net;
    // The rake comes off the pots' winners: never from a seat the engine paid nothing, never more than it paid.
    std::optional<std::size_t> wrong;
    for (std::size_t s = 0; s < n && !wrong; ++s)
        if ((taken[s] < 0 && !contested[s]) || taken[s] > paid[s]) wrong = s;
    const chips total = std::accumulate(taken.begin(), taken.end(), chips{0});
    const chips expected = hand.rake - undetermined;
    if (!wrong && total != expected)
        for (std::size_t s = 0; s < n && !wrong; ++s)
            if (taken[s] != 0) wrong = s;
    if (!wrong && total != expected) wrong = 0;
    if (wrong) {
        const std::size_t s = *wrong;
        std::string why = line_prefix(hand.result_lines.at(s) ? hand.result_lines[s] : hand.first_line) +
                          seat_name(hand, s) + ": the engine's result is " + money_text(net[s], d) +
                          ", the room's " + money_text(hand.recorded_results[s], d);
        if (hand.rake != 0) why += " (rake " + money_text(hand.rake, d) + ")";
        if (undetermined != 0) why += " (" + money_text(undetermined, d) + " undetermined: unknown cards)";
        return fail(import_status::mismatch, std::move(why));
    }
    for (std::size_t s = 0; s < n; ++s) out.results[s] = net[s] - taken[s];
}

}  // namespace

import_check check(const imported_hand& hand, const replay_options& options) {
    import_check out;
    check_into(out, hand, options);
    return out;
}

std::string imported_phh(const imported_hand& hand, const import_check& verdict) {
    const bool played = verdict.status == import_status::ok || verdict.status == import_status::mismatch;
    if (!played || !verdict.replayed.state) return {};
    std::string out = write_phh(*verdict.replayed.state, hand.hand.decimals, verdict.replayed.stand_ins);
    out += "venue = " + phh_string(printable(hand.room)) + "\n";
    if (!hand.id.empty() && hand.id.size() <= 18 && std::ranges::all_of(hand.id, [](char c) { return c >= '0' && c <= '9'; }))
        out += "hand = " + hand.id + "\n";
    out += "players = [";
    for (std::size_t p = 0; p < hand.players.size(); ++p) out += (p ? ", " : "") + phh_string(printable(hand.players[p]));
    out += "]\n";
    return out;
}

}  // namespace pokerengine::play

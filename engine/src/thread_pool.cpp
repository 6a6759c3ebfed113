#include "pokerengine/thread_pool.hpp"

#include <condition_variable>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace pokerengine {

void check_thread_count(unsigned long long threads) {
    if (threads < 1 || threads > max_threads)
        throw std::invalid_argument("the thread count must be 1 to " + std::to_string(max_threads) + ", not " +
                                    std::to_string(threads));
}

void run_parallel(unsigned threads, const std::function<void(unsigned, stop_token)>& work,
                  const std::function<void()>& poll, std::chrono::milliseconds interval) {
    check_thread_count(threads);
    std::atomic<bool> stop{false};
    std::mutex lock;
    std::condition_variable finished;
    std::exception_ptr failure;
    unsigned running = 0;  // spawned workers not yet finished
    auto fail = [&](std::exception_ptr e) {
        std::lock_guard<std::mutex> guard(lock);
        if (!failure) failure = std::move(e);
        stop = true;
    };
    auto run_one = [&](unsigned t) {
        try {
            work(t, stop);
        } catch (...) {
            fail(std::current_exception());
        }
    };
    auto spawned = [&](unsigned t) {
        run_one(t);
        std::lock_guard<std::mutex> guard(lock);
        --running;
        finished.notify_all();
    };

    const unsigned first_spawned = poll ? 0 : 1;
    std::vector<std::thread> pool;
    pool.reserve(threads);
    for (unsigned t = first_spawned; t < threads && !stop; ++t) {
        try {
            {
                std::lock_guard<std::mutex> guard(lock);
                ++running;
            }
            pool.emplace_back(spawned, t);
        } catch (...) {
            {
                std::lock_guard<std::mutex> guard(lock);
                --running;
            }
            fail(std::current_exception());
        }
    }
    if (!poll) {
        if (!stop) run_one(0);
    } else {
        std::unique_lock<std::mutex> guard(lock);
        while (!finished.wait_for(guard, interval, [&] { return running == 0; }) && !stop) {
            guard.unlock();
            try {
                poll();
            } catch (...) {
                fail(std::current_exception());
            }
            guard.lock();
        }
    }
    for (std::thread& th : pool) th.join();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace pokerengine

// byte_buffer.hpp: what the processes of a split run send one another (sims/parallel), as bytes:
// trivially copyable values, strings, optional numbers, counts by name and lists, appended in order
// and read back in the same order.
#pragma once

#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace ccf::parallel {

using Bytes = std::vector<uint8_t>;

class ByteWriter {
 public:
  template <class T>
  void put(const T& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    const auto* p = reinterpret_cast<const uint8_t*>(&v);
    bytes_.insert(bytes_.end(), p, p + sizeof(T));
  }
  void put_string(const std::string& s) {
    put<uint64_t>(s.size());
    bytes_.insert(bytes_.end(), s.begin(), s.end());
  }
  Bytes take() { return std::move(bytes_); }

 private:
  Bytes bytes_;
};

class ByteReader {
 public:
  explicit ByteReader(const Bytes& b) : bytes_(b) {}
  template <class T>
  T get() {
    static_assert(std::is_trivially_copyable_v<T>);
    need(sizeof(T));
    T v;
    std::memcpy(&v, bytes_.data() + at_, sizeof(T));
    at_ += sizeof(T);
    return v;
  }
  std::string get_string() {
    const auto n = get<uint64_t>();
    need(n);
    std::string s(bytes_.begin() + static_cast<std::ptrdiff_t>(at_), bytes_.begin() + static_cast<std::ptrdiff_t>(at_ + n));
    at_ += n;
    return s;
  }
  bool done() const { return at_ == bytes_.size(); }

 private:
  void need(size_t n) const {
    if (bytes_.size() - at_ < n)
      throw std::logic_error("ccf::parallel::ByteReader: a message from another process is shorter than its contents");
  }
  const Bytes& bytes_;
  size_t at_ = 0;
};

// A message described once for both directions: a function template `visit(a, x)` names x's
// fields in order (a(field), a.list(vector, per-element visit), fields(a, ...)); called with a Packer
// on a const x it appends them, with an Unpacker on x it reads them back.
class Packer {
 public:
  template <class T>
  void operator()(const T& v) {
    w_.put(v);
  }
  void operator()(const std::string& v) { w_.put_string(v); }
  void operator()(const std::optional<double>& v) {
    w_.put(v.has_value());
    w_.put(v.value_or(0.0));
  }
  void operator()(const std::map<std::string, uint64_t>& m) {
    w_.put<uint64_t>(m.size());
    for (const auto& [k, v] : m) {
      w_.put_string(k);
      w_.put(v);
    }
  }
  template <class T, class F>
  void list(const std::vector<T>& v, F each) {
    w_.put<uint64_t>(v.size());
    for (const T& x : v) each(x);
  }
  Bytes take() { return w_.take(); }

 private:
  ByteWriter w_;
};

class Unpacker {
 public:
  explicit Unpacker(const Bytes& b) : r_(b) {}
  template <class T>
  void operator()(T& v) {
    v = r_.get<T>();
  }
  void operator()(std::string& v) { v = r_.get_string(); }
  void operator()(std::optional<double>& v) {
    const bool has = r_.get<bool>();
    const double x = r_.get<double>();
    v = has ? std::optional<double>(x) : std::nullopt;
  }
  void operator()(std::map<std::string, uint64_t>& m) {
    for (auto n = r_.get<uint64_t>(); n > 0; --n) {
      std::string k = r_.get_string();
      m[k] = r_.get<uint64_t>();
    }
  }
  template <class T, class F>
  void list(std::vector<T>& v, F each) {
    v.resize(r_.get<uint64_t>());
    for (T& x : v) each(x);
  }
  bool done() const { return r_.done(); }

 private:
  ByteReader r_;
};

// a(v) for each of `v`, in order.
template <class A, class... T>
void fields(A& a, T&... v) {
  (a(v), ...);
}

}  // namespace ccf::parallel

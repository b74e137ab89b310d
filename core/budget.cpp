#include "core/budget.hpp"

namespace gotb {

namespace {
thread_local Budget* tls_budget = nullptr;
}

std::atomic<std::uint64_t>& work_meter() {
  static std::atomic<std::uint64_t> meter{0};
  return meter;
}

Budget* current_budget() { return tls_budget; }

BudgetScope::BudgetScope(Budget* b) : previous_(tls_budget) { tls_budget = b; }
BudgetScope::~BudgetScope() { tls_budget = previous_; }

}  // namespace gotb

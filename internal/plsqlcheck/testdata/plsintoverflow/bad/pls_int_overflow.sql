-- The reads' findings: a token budget times 3.5 returned as PLS_INTEGER
-- (AGENTMEM_THREAD.budget_chars), and a running total in a PLS_INTEGER
-- (AGENTMEM_THREAD_CARD.budgeted).
create or replace package fx_budget
as
  function budget_chars(p_tokens in number) return pls_integer;
  function doubled(p_tokens in pls_integer) return pls_integer;
  procedure total(p_costs in sys.odcinumberlist);
end fx_budget;
/
create or replace package body fx_budget
as
  co_chars_per_token constant number := 3.5;

  function budget_chars(p_tokens in number) return pls_integer
  is
  begin
    return floor(p_tokens * co_chars_per_token); -- expect: PLS-INT-OVERFLOW
  end budget_chars;

  function doubled(p_tokens in pls_integer) return pls_integer
  is
  begin
    return p_tokens * 2.5; -- expect: PLS-INT-OVERFLOW
  end doubled;

  procedure total(p_costs in sys.odcinumberlist)
  is
    l_used pls_integer := 0;
  begin
    for i in 1 .. p_costs.count loop
      l_used := l_used + p_costs(i); -- expect: PLS-INT-OVERFLOW
    end loop;
  end total;
end fx_budget;
/

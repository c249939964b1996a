-- Bounded products, NUMBER results and accumulators, literal counters.
create or replace package fx_budget_ok
as
  function budget_chars(p_tokens in number) return pls_integer;
  function budget_number(p_tokens in number) return number;
  function grown(p_rows in pls_integer, p_max in pls_integer) return pls_integer;
  procedure total(p_costs in sys.odcinumberlist);
end fx_budget_ok;
/
create or replace package body fx_budget_ok
as
  co_chars_per_token constant number := 3.5;

  function budget_chars(p_tokens in number) return pls_integer
  is
  begin
    return least(floor(p_tokens * co_chars_per_token), 2147483647);
  end budget_chars;

  function budget_number(p_tokens in number) return number
  is
  begin
    return floor(p_tokens * co_chars_per_token);
  end budget_number;

  function grown(p_rows in pls_integer, p_max in pls_integer) return pls_integer
  is
  begin
    return case when p_rows > p_max / 4 then p_max else p_rows * 4 end;
  end grown;

  procedure total(p_costs in sys.odcinumberlist)
  is
    l_used  number := 0;
    l_count pls_integer := 0;
  begin
    for i in 1 .. p_costs.count loop
      l_used := l_used + p_costs(i);
      l_count := l_count + 1;
    end loop;
  end total;
end fx_budget_ok;
/

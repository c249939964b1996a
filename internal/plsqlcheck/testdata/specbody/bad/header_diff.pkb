create or replace package body fx_diff
as
  procedure by_type(p_id in varchar2) -- expect: SPEC-BODY
  is begin null; end by_type;

  procedure by_mode(p_id in number, p_out in out varchar2) -- expect: SPEC-BODY
  is begin null; end by_mode;

  procedure by_default(p_id in number, p_limit in pls_integer default 20) -- expect: SPEC-BODY
  is begin null; end by_default;

  function by_return(p_id in number) return number -- expect: SPEC-BODY
  is begin return 1; end by_return;

  procedure by_name(p_key in number) -- expect: SPEC-BODY
  is begin null; end by_name;

  procedure by_count(p_id in number) -- expect: SPEC-BODY
  is begin null; end by_count;

  procedure by_nocopy(
    p_list in out sys.odcinumberlist) -- expect: SPEC-BODY
  is begin null; end by_nocopy;
end fx_diff;
/

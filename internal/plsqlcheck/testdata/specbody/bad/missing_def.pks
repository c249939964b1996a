create or replace package fx_missing
as
  procedure present(p_id in number);
  procedure absent(p_id in number); -- expect: SPEC-BODY
end fx_missing;
/

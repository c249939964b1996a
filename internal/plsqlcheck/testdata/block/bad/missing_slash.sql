create or replace package fx_slash
as
  procedure run(p_id in number);
end fx_slash;
create or replace package body fx_slash -- expect: BLOCK
as
  procedure run(p_id in number)
  is
  begin
    null;
  end run;
end fx_slash;
/

create or replace package body fx_names
as
  state varchar2(10 char); -- expect: NAMING
  cursor items(id number) is -- expect: NAMING, NAMING
    select 1 from dual;
  "MixedCase" number; -- expect: NAMING

  procedure run(id in number, -- expect: NAMING
                p_flag varchar2) -- expect: NAMING
  is
    total number; -- expect: NAMING
    subtype short_text is varchar2(10 char); -- expect: NAMING
  begin
    declare
      tmp number; -- expect: NAMING
    begin
      tmp := id;
    end;
  end run;
end fx_names;
/

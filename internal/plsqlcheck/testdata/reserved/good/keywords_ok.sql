-- Keywords that are not reserved (PL/SQL Table D-2) may be names, and a
-- quoted identifier may even be a reserved word.
create or replace procedure fx_keywords(
  p_name in varchar2,
  key in number)
is
  value number;
  data varchar2(10);
  "LEVEL" number;
  type t_result is record (score number);
begin
  null;
end fx_keywords;
/

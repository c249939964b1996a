-- An autonomous anonymous block.
declare
  pragma autonomous_transaction;
begin
  insert into fx_log (text) values ('anonymous');
  commit;
end;
/

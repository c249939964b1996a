-- Migrations may commit: TXN covers package code only.
begin
  insert into fx_t (id) values (1);
  commit;
end;
/

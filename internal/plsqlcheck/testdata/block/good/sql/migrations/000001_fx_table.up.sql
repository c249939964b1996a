-- A migration mixing SQL and an anonymous PL/SQL block.
create table fx_orders_t (
  order_id  number        not null,
  status    varchar2(10)  default 'OPEN' not null,
  closed_at timestamp with time zone,
  constraint fx_orders_t_pk primary key (order_id)
);

comment on table fx_orders_t is 'fixture: orders; the text holds a ; and a / that end nothing';

declare
  e_exists exception;
  pragma exception_init(e_exists, -955);
  l_count pls_integer;
begin
  select count(*) into l_count from user_tables where table_name = 'FX_ORDERS_T';
  if l_count = 1 then
    execute immediate q'[comment on column fx_orders_t.status is 'OPEN; CLOSED / CANCELLED']';
  end if;
exception
  when e_exists then
    null;
end;
/

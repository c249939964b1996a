create or replace package body fx_declinit
as
  co_limit constant pls_integer := 10;
  g_name   varchar2(30 char);
  g_flag   char;
  g_doc    clob;
  g_amount number(10, 2);
  type t_pair is record (
    id   number(10, 0),
    name varchar2(10)
  );

  procedure fill(p_id in number, p_out out number, p_mode in varchar2 default 'A')
  is
    l_count pls_integer not null := 0;
    l_raw   raw(16);
    l_text  varchar2(100) default 'x';
  begin
    p_out := p_id + l_count;
  end fill;
end fx_declinit;
/

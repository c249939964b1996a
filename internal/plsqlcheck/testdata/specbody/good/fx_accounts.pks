create or replace package fx_accounts
as
  -- Overloads that differ in type or in parameter names are legal.
  function balance(p_account_id in number) return number;
  function balance(p_account_code in varchar2) return number;
  procedure credit(p_account_id in number, p_amount in number, p_memo in varchar2 default 'credit');
  procedure credit(p_account_id in number, p_amount in number, p_when in date);
  procedure audit_all(p_since in timestamp with time zone := systimestamp);
end fx_accounts;
/

create or replace package body fx_accounts
as
  -- Private helpers: one forward-declared, one defined before use.
  procedure log_change(p_account_id in number, p_amount in number);

  function fetch_balance(p_account_id in number) return number
  is
    l_balance number;
  begin
    select balance into l_balance from fx_accounts_t where account_id = p_account_id;
    return l_balance;
  end fetch_balance;

  FUNCTION Balance (P_Account_Id IN NUMBER) RETURN Number
  is
  begin
    return fetch_balance(p_account_id);
  end balance;

  function balance(p_account_code in varchar2) return number
  is
    l_id number;
  begin
    select account_id into l_id from fx_accounts_t where account_code = p_account_code;
    return fetch_balance(l_id);
  end balance;

  procedure credit(p_account_id in number, p_amount in number, p_memo in varchar2 default 'credit')
  is
  begin
    update fx_accounts_t set balance = balance + p_amount where account_id = p_account_id;
    log_change(p_account_id, p_amount);
  end credit;

  procedure credit(p_account_id in number, p_amount in number, p_when in date)
  is
  begin
    credit(p_account_id => p_account_id, p_amount => p_amount, p_memo => to_char(p_when));
  end credit;

  procedure audit_all(p_since   in   timestamp   with time zone := systimestamp)
  is
  begin
    null;
  end audit_all;

  procedure log_change(p_account_id in number, p_amount in number)
  is
  begin
    insert into fx_account_log (account_id, amount) values (p_account_id, p_amount);
  end log_change;
end fx_accounts;
/

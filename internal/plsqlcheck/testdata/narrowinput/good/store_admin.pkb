create or replace package body fx_store_admin
as
  type t_change is record (
    anchor  varchar2(20) := 'CREATED_AT',
    status  varchar2(20 char)
  );

  function upper_text(p_element in json_element_t) return varchar2
  is
  begin
    return case when p_element.is_string
                then upper(dbms_lob.substr(lob_loc => p_element.to_clob, amount => 20, offset => 1))
           end;
  end upper_text;

  -- Private: its callers pass literals or checked values.
  procedure log_step(p_step in varchar2)
  is
    l_step varchar2(30) := 'step ' || p_step;
  begin
    dbms_output.put_line(l_step);
  end log_step;

  procedure grant_access(p_grantee in varchar2, p_access in varchar2 default null)
  is
    -- Any length: an overlong p_access gets the error below, not ORA-06502.
    l_access  varchar2(32767) := upper(nvl(p_access, 'READ_WRITE'));
    l_short   varchar2(20) := substr(p_access, 1, 20);
    l_grantee varchar2(128);
  begin
    if length(p_grantee) > 128 then
      raise_application_error(-20001, 'p_grantee is longer than 128 characters');
    end if;
    l_grantee := p_grantee;
    if l_access not in ('READ_ONLY', 'READ_WRITE') or l_short is null then
      raise_application_error(-20001, 'p_access must be READ_ONLY or READ_WRITE');
    end if;
    log_step('grant ' || l_grantee);
  end grant_access;

  procedure read_change(p_req in json_object_t, p_change in out nocopy t_change)
  is
  begin
    p_change.anchor := upper_text(p_req.get('anchor'));
    p_change.status := upper_text(p_req.get('status'));
  end read_change;

  procedure update_record(p_req in json_object_t)
  is
    l_change t_change;
    l_name   varchar2(64) := substr(p_req.get_string('name'), 1, 64);
    l_label  varchar2(32767) := 'record ' || p_req.get_string('id');
    l_kind   varchar2(8) := 'KEYWORD';
  begin
    read_change(p_req, l_change);
    if l_change.anchor is null or l_name is null or l_label is null or l_kind is null then
      raise_application_error(-20001, 'anchor missing');
    end if;
  end update_record;

  procedure check_settings(p_store in t_store)
  is
    -- 83 characters of text plus an owner name of up to 128.
    co_hint constant varchar2(400) := 'omit it to use the stored value, or open with CREATE_IF_NECESSARY as '
                                      || p_store.owner || ' to change it';
  begin
    if p_store.prefix is null then
      raise_application_error(-20001, co_hint);
    end if;
  end check_settings;
end fx_store_admin;
/

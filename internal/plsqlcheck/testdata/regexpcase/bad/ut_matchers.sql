-- utPLSQL matchers: the modifiers argument is REGEXP_LIKE's match_param.
begin
  ut.expect('abc').to_match('^[0123456789abcdef]{32}$'); -- expect: REGEXP-CASE
  ut.expect('abc').not_to_match('^x', a_modifiers => 'i'); -- expect: REGEXP-CASE
end;
/

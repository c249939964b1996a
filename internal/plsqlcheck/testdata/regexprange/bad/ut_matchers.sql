-- utPLSQL matchers take a regular expression too (ut_match runs
-- regexp_like(actual, a_pattern, a_modifiers)): the review of the threads
-- suite found '^[0-9a-f]{32}$' in to_match.
begin
  ut.expect('abc').to_match('^[0-9a-f]{32}$', 'c'); -- expect: REGEXP-RANGE
  ut.expect('abc').not_to_match(a_pattern => '[A-Z]', a_modifiers => 'c'); -- expect: REGEXP-RANGE
end;
/

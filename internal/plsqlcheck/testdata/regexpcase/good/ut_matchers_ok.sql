-- utPLSQL matchers with spelled-out characters and 'c'; a method of the
-- same name on something else is still a matcher call, so it says 'c' too.
begin
  ut.expect('abc').to_match('^[0123456789abcdef]{32}$', 'c');
  ut.expect('abc').not_to_match(a_pattern => '^x', a_modifiers => 'c');
  ut.expect('abc').to_equal('^[a-z]');
end;
/

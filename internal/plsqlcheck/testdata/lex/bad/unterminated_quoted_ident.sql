select 1 as "never closed from dual; -- expect: LEX

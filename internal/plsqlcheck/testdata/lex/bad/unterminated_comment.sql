create table fx_lex (id number);
/* this comment never ends -- expect: LEX
drop table fx_lex;

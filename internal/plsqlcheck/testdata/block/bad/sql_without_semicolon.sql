create table fx_t (id number);
drop table fx_t -- expect: BLOCK

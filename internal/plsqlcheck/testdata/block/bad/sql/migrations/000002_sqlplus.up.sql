create table fx_t2 (id number);
set define off -- expect: BLOCK

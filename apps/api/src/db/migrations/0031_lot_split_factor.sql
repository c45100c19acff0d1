-- The exact product of numerics: the share counts of several splits multiply without the rounding
-- that exp(sum(ln(x))) would bring.
CREATE AGGREGATE numeric_product(numeric) (SFUNC = numeric_mul, STYPE = numeric, INITCOND = '1');

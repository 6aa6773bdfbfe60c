"""ledger: PostgreSQL posts through a function of the database, `ledger_post`

Revision ID: 0015p
Revises: 0015o
Create Date: 2026-12-06 18:10:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0015p"
down_revision: str | Sequence[str] | None = "0015o"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# One post, as the single statement it replaces did it (app/services/ledger/posting.py):
# invalid legs (an unknown account, another merchant's, mixed currencies, an account named
# twice) claim nothing; the key is claimed (a twin request waits on the UNIQUE index, then
# claims nothing); each account is updated in id order, which locks it, and its entry
# written; an account that would go negative fails the table's CHECK and the whole call.
# Its statements are planned once per connection and touch each row by its key: the same
# writes as a common table expression's join cost the database up to half as much again
# (bench_ledger).
LEDGER_POST = """
CREATE FUNCTION ledger_post(
    p_account_ids integer[], p_amounts numeric[], p_merchant_id integer, p_kind varchar,
    p_reference varchar, p_idempotency_key varchar, p_fingerprint varchar,
    p_member_id integer, p_metadata json, p_created_at timestamptz
) RETURNS TABLE (transaction_id integer, account_id integer, balance numeric)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    claimed integer;
    leg record;
    after numeric;
BEGIN
    IF NOT (
        SELECT count(*) = cardinality(p_account_ids) AND count(DISTINCT a.currency) = 1
            AND bool_and(a.merchant_id = p_merchant_id)
        FROM ledger_account AS a WHERE a.id = ANY(p_account_ids)
    ) THEN
        RETURN;
    END IF;
    INSERT INTO ledger_transaction (merchant_id, kind, reference, idempotency_key,
        fingerprint, member_id, metadata, created_at)
    VALUES (p_merchant_id, p_kind, p_reference, p_idempotency_key, p_fingerprint,
        p_member_id, p_metadata, p_created_at)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id INTO claimed;
    IF claimed IS NULL THEN
        RETURN;
    END IF;
    FOR leg IN
        SELECT l.id, l.amount FROM unnest(p_account_ids, p_amounts) AS l (id, amount)
        ORDER BY l.id
    LOOP
        UPDATE ledger_account AS a SET balance = a.balance + leg.amount WHERE a.id = leg.id
        RETURNING a.balance INTO after;
        INSERT INTO ledger_entry (transaction_id, account_id, amount, balance_after, created_at)
        VALUES (claimed, leg.id, leg.amount, after, p_created_at);
        transaction_id := claimed;
        account_id := leg.id;
        balance := after;
        RETURN NEXT;
    END LOOP;
END
$$
"""
DROP = (
    "DROP FUNCTION ledger_post(integer[], numeric[], integer, varchar, varchar, varchar, "
    "varchar, integer, json, timestamptz)"
)


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(LEDGER_POST)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(DROP)

"""ledger: PostgreSQL posts gathered concurrent posts in one call, `ledger_post_batch`

Revision ID: 0015q
Revises: 0015p
Create Date: 2026-12-07 02:15:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0015q"
down_revision: str | Sequence[str] | None = "0015p"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Several posts in one call (app/services/ledger/batching.py): the accounts of them all are
# locked first, in id order (the order every post takes its locks in), then each post is
# `ledger_post` in a subtransaction of its own, so one that fails (an account going negative, a lock given up
# to a deadlock) writes nothing and the others stand; the call is one transaction, so the
# batch commits (and flushes the log) once. A row per leg of each post that wrote, and one
# row with `failure` for each post that did not: 'insufficient' (the not-negative CHECK),
# 'unclaimed' (its key was known or its legs invalid: the caller reads why), or the SQLSTATE
# of any other error (the caller posts it again alone).
LEDGER_POST_BATCH = """
CREATE FUNCTION ledger_post_batch(p_posts json)
RETURNS TABLE (
    post_no integer, transaction_id integer, account_id integer, balance numeric,
    failure varchar
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    post record;
    claimed integer[];
    accounts integer[];
    balances numeric[];
    failed varchar;
    broken text;
BEGIN
    -- Every account of the batch locked first, in id order, as a post alone locks its own:
    -- two batches (or a batch and a post) never wait for each other in a cycle.
    PERFORM 1 FROM ledger_account AS a
    WHERE a.id IN (
        SELECT json_array_elements_text(p.value -> 'account_ids')::integer
        FROM json_array_elements(p_posts) AS p
    )
    ORDER BY a.id
    FOR UPDATE;
    FOR post IN
        SELECT p.ordinality::integer - 1 AS no, p.value AS body
        FROM json_array_elements(p_posts) WITH ORDINALITY AS p
    LOOP
        failed := NULL;
        BEGIN
            SELECT array_agg(w.transaction_id), array_agg(w.account_id), array_agg(w.balance)
            INTO claimed, accounts, balances
            FROM ledger_post(
                ARRAY(SELECT json_array_elements_text(post.body -> 'account_ids'))::integer[],
                ARRAY(SELECT json_array_elements_text(post.body -> 'amounts'))::numeric[],
                (post.body ->> 'merchant_id')::integer, post.body ->> 'kind',
                post.body ->> 'reference', post.body ->> 'idempotency_key',
                post.body ->> 'fingerprint', (post.body ->> 'member_id')::integer,
                post.body -> 'metadata', (post.body ->> 'created_at')::timestamptz
            ) AS w;
        EXCEPTION
            WHEN check_violation THEN
                GET STACKED DIAGNOSTICS broken = CONSTRAINT_NAME;
                failed := CASE WHEN broken = 'ck_ledger_account_not_negative'
                    THEN 'insufficient' ELSE SQLSTATE END;
            WHEN OTHERS THEN
                failed := SQLSTATE;
        END;
        IF failed IS NULL AND claimed IS NULL THEN
            failed := 'unclaimed';
        END IF;
        IF failed IS NOT NULL THEN
            RETURN QUERY SELECT post.no, NULL::integer, NULL::integer, NULL::numeric, failed;
        ELSE
            RETURN QUERY SELECT post.no, w.t, w.a, w.b, NULL::varchar
                FROM unnest(claimed, accounts, balances) AS w (t, a, b);
        END IF;
    END LOOP;
END
$$
"""
DROP = "DROP FUNCTION ledger_post_batch(json)"


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(LEDGER_POST_BATCH)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(DROP)

"""Components of cashier: deposits, withdrawals, wallet transfers, records and the console's
payments."""

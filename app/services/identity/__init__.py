"""Identity on brands whose jurisdiction profile asks for it (Brazil: Lei 14.790/2023 art. 23
and 26, IN 22/2025 and 31/2025, Portaria SPA/MF 615/2024):

- `cpf`: the CPF's check digits and its one normal form;
- `kyc`: the identity provider port, its HTTP adapter and the in-project sandbox's decisions;
- `barred`: the list of people barred from betting, loaded by the operator from CSV;
- `onboarding`: the account's verification state and the gates that read it (deposit, bet,
  withdrawal, own-CPF payments), the member's verification, the daily barred check.
"""

# The modules other capabilities and the adapters may import; the rest are this package's own
# (tests/platform/test_architecture.py).
PUBLIC_MODULES = (
    "barred",
    "cpf",
    "kyc",
    "onboarding",
)

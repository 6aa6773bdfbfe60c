"""Validation messages (specification section 5), English and Brazilian Portuguese.

Keys ``val_required``, ``val_length``, ``val_format`` and ``pattern_0`` ... ``pattern_23``
are the ones ``app.services.validation.validate_field`` returns; every ``pattern_<id>``
message and ``val_length``/``val_password_length`` take a ``{range}`` placeholder
("6 - 16", "8", "6+").
"""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "val_required": "Input cannot be empty",
        "val_length": "Please enter {range} characters",
        "val_format": "Invalid format",
        "pattern_0": "Please enter {range} characters",
        "pattern_1": (
            "Please enter {range} characters: start with a letter, followed by letters and digits"
        ),
        "pattern_2": "Please enter {range} characters: Kanji and digits only",
        "pattern_3": "Please enter a valid e-mail address of {range} characters",
        "pattern_4": "Please enter {range} characters: letters or digits only",
        "pattern_5": "Please enter {range} characters: a combination of letters and digits",
        "pattern_6": "Please enter {range} characters: digits only",
        "pattern_7": (
            "Please enter {range} characters: letters and digits, with at least one "
            "uppercase letter"
        ),
        "pattern_8": "Please enter {range} characters: English letters and spaces only",
        "pattern_9": "Please enter {range} characters without spaces",
        "pattern_10": "Please enter {range} characters: Chinese characters and punctuation only",
        "pattern_11": "Please enter {range} characters: a valid date in the format yyyy-MM-dd",
        "pattern_12": "Please enter {range} characters: letters and spaces only",
        "pattern_13": "Please enter {range} characters: a valid date in the format MM-dd-yyyy",
        "pattern_14": "Please enter {range} characters: letters and digits only",
        "pattern_15": "Please enter {range} characters: Korean only",
        "pattern_16": "Please enter {range} characters: Thai only",
        "pattern_17": "Please enter {range} characters: Thai or English letters and spaces only",
        "pattern_18": (
            "Please enter {range} characters: uppercase letters and spaces, with at "
            "least one English letter"
        ),
        "pattern_19": (
            "Please enter {range} characters: letters, digits and symbols, without spaces"
        ),
        "pattern_20": (
            "Please enter {range} characters, including at least one uppercase letter, "
            "one lowercase letter, one digit and one symbol"
        ),
        "pattern_21": (
            "Please enter {range} characters: your first and last name separated by a space"
        ),
        "pattern_22": (
            "Please enter {range} characters: full-width Hiragana, Katakana or Kanji, "
            "without spaces"
        ),
        "pattern_23": "Please enter {range} characters: uppercase letters only, no spaces",
        "val_password_length": "Please fill in your password with {range} characters",
        "val_verification_code": "Please enter a valid verification code",
        "val_mobile": "Please enter a valid mobile number",
        "val_confirmation_input": "Incorrect confirmation input",
        "val_real_name": "Real name format is incorrect",
        "val_phone_format": "Phone number format is incorrect",
        "invitation_code_error": "Invalid invitation code",
        "val_invitation_required": (
            "Registration is by invitation: please enter your invitation code"
        ),
        "val_account_format": "Account format is incorrect",
        "val_password_format": "Password format is incorrect",
        "val_password_common": (
            "This password is too common or has appeared in a data breach: please choose another"
        ),
        "val_email_format": "E-mail format is incorrect",
        "val_confirm_password": "Confirmation password is not correct.",
        "val_username_password_required": "Please enter the username and password",
        "val_age_18": "Please confirm you are 18 years old",
        "val_age_21": "Please confirm you are 21 years old",
        "val_terms": "Please accept the terms and privacy policy",
    },
    "pt": {
        "val_required": "Obrigatório",
        "val_length": "Digite {range} caracteres",
        "val_format": "Formato inválido",
        "pattern_0": "Digite {range} caracteres",
        "pattern_1": (
            "Digite {range} caracteres: comece com uma letra, seguida de letras e números"
        ),
        "pattern_2": "Digite {range} caracteres: apenas Kanji e números",
        "pattern_3": "Digite um e-mail válido com {range} caracteres",
        "pattern_4": "Digite {range} caracteres: apenas letras ou números",
        "pattern_5": "Digite {range} caracteres: uma combinação de letras e números",
        "pattern_6": "Digite {range} caracteres: apenas números",
        "pattern_7": (
            "Digite {range} caracteres: letras e números, com pelo menos uma letra maiúscula"
        ),
        "pattern_8": "Digite {range} caracteres: apenas letras do alfabeto inglês e espaços",
        "pattern_9": "Digite {range} caracteres, sem espaços",
        "pattern_10": "Digite {range} caracteres: apenas caracteres chineses e pontuação",
        "pattern_11": "Digite {range} caracteres: uma data válida no formato aaaa-MM-dd",
        "pattern_12": "Digite {range} caracteres: apenas letras e espaços",
        "pattern_13": "Digite {range} caracteres: uma data válida no formato MM-dd-aaaa",
        "pattern_14": "Digite {range} caracteres: apenas letras e números",
        "pattern_15": "Digite {range} caracteres: apenas coreano",
        "pattern_16": "Digite {range} caracteres: apenas tailandês",
        "pattern_17": (
            "Digite {range} caracteres: apenas letras tailandesas ou do alfabeto inglês e espaços"
        ),
        "pattern_18": (
            "Digite {range} caracteres: letras maiúsculas e espaços, com pelo menos uma "
            "letra do alfabeto inglês"
        ),
        "pattern_19": "Digite {range} caracteres: letras, números e símbolos, sem espaços",
        "pattern_20": (
            "Digite {range} caracteres, com pelo menos uma letra maiúscula, uma letra "
            "minúscula, um número e um símbolo"
        ),
        "pattern_21": "Digite {range} caracteres: nome e sobrenome separados por um espaço",
        "pattern_22": (
            "Digite {range} caracteres: Hiragana, Katakana ou Kanji de largura total, sem espaços"
        ),
        "pattern_23": "Digite {range} caracteres: apenas letras maiúsculas, sem espaços",
        "val_password_length": "Preencha sua senha com {range} caracteres",
        "val_verification_code": "Digite um código de verificação válido",
        "val_mobile": "Digite um número de celular válido",
        "val_confirmation_input": "Confirmação incorreta",
        "val_real_name": "O formato do nome real está incorreto",
        "val_phone_format": "O formato do número de telefone está incorreto",
        "invitation_code_error": "Código de convite inválido",
        "val_invitation_required": "O cadastro é por convite: digite seu código de convite",
        "val_account_format": "O formato da conta está incorreto",
        "val_password_format": "O formato da senha está incorreto",
        "val_password_common": (
            "Esta senha é muito comum ou já apareceu em um vazamento de dados: escolha outra"
        ),
        "val_email_format": "O formato do e-mail está incorreto",
        "val_confirm_password": "A confirmação da senha não confere.",
        "val_username_password_required": "Digite o nome de usuário e a senha",
        "val_age_18": "Confirme que você tem pelo menos 18 anos",
        "val_age_21": "Confirme que você tem pelo menos 21 anos",
        "val_terms": "Aceite os termos e a política de privacidade",
    },
}

"""An operator's settings in the console and the CLI: module switches, registration fields,
missions and races; the agent programme switched off."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "agent-programme-off": "The agent programme is closed on this site.",
        "register-captcha-required": (
            "Many sign-ups are coming from your network right now: type the characters in the "
            "image to continue."
        ),
        "bo-modules": "Modules",
        "bo-col-module": "Module",
        "bo-col-parent": "Under",
        "bo-module-on": "on",
        "bo-module-off": "off",
        "bo-module-parent-off": "off (the module above it is off)",
        "bo-module-switch-on": "Switch on",
        "bo-module-switch-off": "Switch off",
        "bo-regfields": "Registration fields",
        "bo-regfield": "Field",
        "bo-regfield-shown": "Shown",
        "bo-regfield-required": "Required",
        "bo-regfield-length": "Length",
        "bo-regfield-min": "Shortest",
        "bo-regfield-max": "Longest",
        "bo-regfield-pattern": "Pattern (0–23)",
        "bo-regfield-accepted": "Accepted pattern",
        "bo-regfield-hint": "Hint under the field",
        "bo-regfield-note": (
            "The pattern decides the message a wrong value gets and the hint shown before "
            "typing. The accepted pattern is a regular expression (* for any): a value outside "
            "it gets the field's own format message. A hint written here shows under the field "
            "as plain text; left empty, the site's own hint shows (Zalo's reward hint). "
            "Visitors see a change at their next page."
        ),
        "bo-regfield-username": "Username",
        "bo-regfield-mobileNum": "Mobile number",
        "bo-regfield-affiliateCode": "Invitation code",
        "bo-regfield-captcha": "Captcha",
        "register-field-unknown": "This is not a registration field.",
        "register-field-fixed": (
            "The password fields follow the site's password rule and cannot be changed here."
        ),
        "register-field-length": (
            "Lengths are whole numbers from 0 to {max}, the shortest no longer than the longest."
        ),
        "register-field-pattern-id": "The pattern is a number from 0 to {max}.",
        "register-field-accepted-pattern": (
            "The accepted pattern must be a valid regular expression of at most {max} "
            "characters, with no repeated group that itself repeats."
        ),
        "register-field-required-hidden": "A required field must be shown.",
        "register-field-hint": (
            "The hint is plain text of at most {max} characters on one line, without < or >."
        ),
        "bo-campaigns": "Missions and races",
        "bo-campaign-new": "New mission or race",
        "bo-campaign-mission": "Mission",
        "bo-campaign-race": "Race",
        "bo-campaign-kind": "Type",
        "bo-campaign-title-en": "Title in English",
        "bo-campaign-title-pt": "Title in Portuguese",
        "bo-campaign-period": "Repeats",
        "bo-campaign-period-DAILY": "daily",
        "bo-campaign-period-WEEKLY": "weekly",
        "bo-campaign-measure": "Counts",
        "bo-campaign-measure-BET_COUNT": "rounds played",
        "bo-campaign-measure-DEPOSIT_COUNT": "deposits",
        "bo-campaign-measure-MULTIPLIER": "multiplier (win ÷ bet)",
        "bo-campaign-measure-TURNOVER": "turnover (valid bets)",
        "bo-campaign-category": "Game category",
        "bo-campaign-every-category": "every category",
        "bo-campaign-prizes": "Prizes by place (100; 50; 25)",
        "bo-campaign-min-bet": "Smallest bet counted",
        "bo-campaign-target": "How many",
        "bo-campaign-game": "One game only (its code)",
        "bo-campaign-multiplier": "Smallest multiplier",
        "bo-campaign-note": (
            "Without a start it runs at once; without an end, until it is stopped. A stopped "
            "race still pays the places of the period it stopped in, at that period's end."
        ),
        "bo-campaign-schedule": "Schedule",
        "bo-campaign-stop": "Stop",
        "bo-campaign-state-scheduled": "Scheduled",
        "bo-campaign-state-running": "In progress",
        "bo-campaign-state-ended": "Ended",
        "campaign-invalid-kind": "Choose a mission or a race.",
        "campaign-invalid-code": "The code is 2 to 32 letters, digits, - or _.",
        "campaign-invalid-title": (
            "Give a title in English and in Portuguese, up to {max} characters."
        ),
        "campaign-invalid-period": "Choose daily or weekly.",
        "campaign-invalid-measure": "Choose what it counts.",
        "campaign-deposit-mission-barred": (
            "This brand's market bars bonuses before betting (Brazil, Lei 14.790 art. 29): a"
            " mission may reward play, not a deposit."
        ),
        "campaign-invalid-category": "Choose one of the game categories, or every category.",
        "campaign-invalid-target": "How many must be a whole number from 1 to 100,000.",
        "campaign-invalid-reward": "Give the reward as an amount above zero.",
        "campaign-invalid-multiplier": (
            "A multiplier mission needs its smallest multiplier, above 1."
        ),
        "campaign-invalid-game": "The game code is too long.",
        "campaign-invalid-prizes": (
            "Give 1 to {max} prizes, separated by ';', from the first place down (none larger "
            "than the one before)."
        ),
        "campaign-invalid-min-bet": "The smallest bet is an amount, or empty for any.",
        "campaign-invalid-moment": "Give the time with its offset, e.g. 2026-12-01T03:00+00:00.",
        "campaign-invalid-window": "The end must be in the future and after the start.",
        "campaign-unknown": "There is no mission or race {code} on this brand.",
        "campaign-code-taken": "The code {code} is already in use.",
        "campaign-already-ended": "{code} has already ended.",
        "bo.word.action.settings.register_field": "changed a registration field",
        "bo.word.action.settings.banner_add": "added a banner",
        "bo.word.action.settings.banner_remove": "removed a banner",
        "bo.word.action.content.banner.add": "added a banner",
        "bo.word.action.content.banner.remove": "removed a banner",
        "bo.word.action.missions.create": "created a mission",
        "bo.word.action.missions.schedule": "scheduled a mission",
        "bo.word.action.missions.stop": "stopped a mission",
        "bo.word.action.races.create": "created a race",
        "bo.word.action.races.schedule": "scheduled a race",
        "bo.word.action.races.stop": "stopped a race",
    },
    "pt": {
        "agent-programme-off": "O programa de agentes está fechado neste site.",
        "register-captcha-required": (
            "Muitos cadastros estão vindo da sua rede agora: digite os caracteres da imagem "
            "para continuar."
        ),
        "bo-modules": "Módulos",
        "bo-col-module": "Módulo",
        "bo-col-parent": "Dentro de",
        "bo-module-on": "ligado",
        "bo-module-off": "desligado",
        "bo-module-parent-off": "desligado (o módulo acima dele está desligado)",
        "bo-module-switch-on": "Ligar",
        "bo-module-switch-off": "Desligar",
        "bo-regfields": "Campos do cadastro",
        "bo-regfield": "Campo",
        "bo-regfield-shown": "Exibido",
        "bo-regfield-required": "Obrigatório",
        "bo-regfield-length": "Tamanho",
        "bo-regfield-min": "Mínimo",
        "bo-regfield-max": "Máximo",
        "bo-regfield-pattern": "Padrão (0–23)",
        "bo-regfield-accepted": "Padrão aceito",
        "bo-regfield-hint": "Dica abaixo do campo",
        "bo-regfield-note": (
            "O padrão define a mensagem de um valor errado e a dica exibida antes de digitar. O "
            "padrão aceito é uma expressão regular (* aceita tudo): um valor fora dele recebe a "
            "mensagem de formato do próprio campo. A dica escrita aqui aparece abaixo do campo "
            "como texto simples; vazia, aparece a dica do próprio site (a da recompensa do "
            "Zalo). Os visitantes veem a mudança na próxima página."
        ),
        "bo-regfield-username": "Nome de usuário",
        "bo-regfield-mobileNum": "Celular",
        "bo-regfield-affiliateCode": "Código de convite",
        "bo-regfield-captcha": "Captcha",
        "register-field-unknown": "Este não é um campo do cadastro.",
        "register-field-fixed": (
            "Os campos de senha seguem a regra de senha do site e não podem ser alterados aqui."
        ),
        "register-field-length": (
            "Os tamanhos são números inteiros de 0 a {max}, o mínimo não maior que o máximo."
        ),
        "register-field-pattern-id": "O padrão é um número de 0 a {max}.",
        "register-field-accepted-pattern": (
            "O padrão aceito deve ser uma expressão regular válida de até {max} caracteres, sem "
            "grupo repetido que se repita por dentro."
        ),
        "register-field-required-hidden": "Um campo obrigatório precisa ser exibido.",
        "register-field-hint": (
            "A dica é um texto simples de até {max} caracteres, em uma linha, sem < nem >."
        ),
        "bo-campaigns": "Missões e corridas",
        "bo-campaign-new": "Nova missão ou corrida",
        "bo-campaign-mission": "Missão",
        "bo-campaign-race": "Corrida",
        "bo-campaign-kind": "Tipo",
        "bo-campaign-title-en": "Título em inglês",
        "bo-campaign-title-pt": "Título em português",
        "bo-campaign-period": "Repete",
        "bo-campaign-period-DAILY": "diária",
        "bo-campaign-period-WEEKLY": "semanal",
        "bo-campaign-measure": "Conta",
        "bo-campaign-measure-BET_COUNT": "rodadas jogadas",
        "bo-campaign-measure-DEPOSIT_COUNT": "depósitos",
        "bo-campaign-measure-MULTIPLIER": "multiplicador (ganho ÷ aposta)",
        "bo-campaign-measure-TURNOVER": "volume de apostas válidas",
        "bo-campaign-category": "Categoria de jogo",
        "bo-campaign-every-category": "todas as categorias",
        "bo-campaign-prizes": "Prêmios por colocação (100; 50; 25)",
        "bo-campaign-min-bet": "Menor aposta contada",
        "bo-campaign-target": "Quantas vezes",
        "bo-campaign-game": "Só um jogo (o código dele)",
        "bo-campaign-multiplier": "Menor multiplicador",
        "bo-campaign-note": (
            "Sem início, começa na hora; sem fim, vale até ser encerrada. Uma corrida encerrada "
            "ainda paga as colocações do período em que parou, no fim desse período."
        ),
        "bo-campaign-schedule": "Agendar",
        "bo-campaign-stop": "Encerrar",
        "bo-campaign-state-scheduled": "Agendada",
        "bo-campaign-state-running": "Em andamento",
        "bo-campaign-state-ended": "Encerrada",
        "campaign-invalid-kind": "Escolha uma missão ou uma corrida.",
        "campaign-invalid-code": "O código tem de 2 a 32 letras, dígitos, - ou _.",
        "campaign-invalid-title": (
            "Informe um título em inglês e em português, de até {max} caracteres."
        ),
        "campaign-invalid-period": "Escolha diária ou semanal.",
        "campaign-invalid-measure": "Escolha o que ela conta.",
        "campaign-deposit-mission-barred": (
            "O mercado desta marca proíbe bônus antes da aposta (Lei 14.790, art. 29): uma"
            " missão pode premiar apostas, não um depósito."
        ),
        "campaign-invalid-category": "Escolha uma das categorias de jogo, ou todas.",
        "campaign-invalid-target": "Quantas vezes deve ser um número inteiro de 1 a 100.000.",
        "campaign-invalid-reward": "Informe a recompensa como um valor acima de zero.",
        "campaign-invalid-multiplier": (
            "Uma missão de multiplicador precisa do menor multiplicador, acima de 1."
        ),
        "campaign-invalid-game": "O código do jogo é longo demais.",
        "campaign-invalid-prizes": (
            "Informe de 1 a {max} prêmios, separados por ';', do primeiro lugar para baixo "
            "(nenhum maior que o anterior)."
        ),
        "campaign-invalid-min-bet": "A menor aposta é um valor, ou vazio para qualquer uma.",
        "campaign-invalid-moment": "Informe o horário com o fuso, ex.: 2026-12-01T03:00+00:00.",
        "campaign-invalid-window": "O fim deve estar no futuro e depois do início.",
        "campaign-unknown": "Não há missão ou corrida {code} nesta marca.",
        "campaign-code-taken": "O código {code} já está em uso.",
        "campaign-already-ended": "{code} já foi encerrada.",
        "bo.word.action.settings.register_field": "alterou um campo do cadastro",
        "bo.word.action.settings.banner_add": "adicionou um banner",
        "bo.word.action.settings.banner_remove": "removeu um banner",
        "bo.word.action.content.banner.add": "adicionou um banner",
        "bo.word.action.content.banner.remove": "removeu um banner",
        "bo.word.action.missions.create": "criou uma missão",
        "bo.word.action.missions.schedule": "agendou uma missão",
        "bo.word.action.missions.stop": "encerrou uma missão",
        "bo.word.action.races.create": "criou uma corrida",
        "bo.word.action.races.schedule": "agendou uma corrida",
        "bo.word.action.races.stop": "encerrou uma corrida",
    },
}

"""The demo brands' terms and conditions and privacy policy, in Portuguese and English.

A real operator publishes its own texts (app/services/legal.publish); these follow the
structure Brazil's rules ask of a licensed operator (Lei 14.790/2023, LGPD) so the pages
read as they would in production. `{name}` is the brand's name."""

from __future__ import annotations

TERMS = {
    "PT": (
        "Termos e condições de uso",
        """
<h2>1. Quem somos</h2>
<p>{name} é uma plataforma de apostas de quota fixa e jogos on-line. Ao abrir uma conta, você
aceita estes termos e a nossa política de privacidade.</p>
<h2>2. Quem pode jogar</h2>
<ul>
<li>Somente maiores de 18 anos, com CPF próprio e válido, residentes no Brasil.</li>
<li>Uma única conta por pessoa. Contas duplicadas são encerradas e o saldo é devolvido.</li>
<li>Não podem jogar pessoas autoexcluídas, inscritas em cadastros de proibidos de apostar ou
impedidas por lei.</li>
</ul>
<h2>3. Sua conta</h2>
<p>Os dados informados devem ser verdadeiros e estar em seu nome. Podemos pedir documentos para
confirmar sua identidade antes de depósitos, apostas ou saques. Guarde sua senha e sua senha de
pagamento: elas são pessoais e intransferíveis.</p>
<h2>4. Depósitos e saques</h2>
<ul>
<li>Depósitos e saques só de e para contas bancárias e chaves PIX em seu próprio CPF.</li>
<li>Não aceitamos cartão de crédito nem pagamento de terceiros.</li>
<li>Antes de sacar, cada depósito feito desde o seu último saque precisa ser apostado pelo menos
uma vez (1×), uma regra contra lavagem de dinheiro; a página de depósito avisa antes de você
depositar e a página de saque mostra quanto falta.</li>
<li>Os saques são processados em até 120 minutos depois de aprovados; podemos pedir uma
verificação adicional para a sua segurança.</li>
</ul>
<h2>5. Apostas</h2>
<p>Uma aposta é aceita quando aparece no seu histórico de apostas. O resultado de cada jogo
segue as regras e a tabela de pagamentos exibidas antes da aposta. Erros evidentes de cotação
ou falhas técnicas podem anular uma aposta, com o valor devolvido.</p>
<h2>6. Jogo responsável</h2>
<p>Você pode definir limites de depósito, de perda, de tempo e de apostas, fazer uma pausa ou se
autoexcluir a qualquer momento na página de Jogo responsável.</p>
<h2>7. Encerramento</h2>
<p>Você pode encerrar sua conta quando quiser; o saldo disponível é pago na sua conta em seu
nome. Podemos suspender contas em caso de fraude, lavagem de dinheiro ou violação destes
termos, com aviso e direito de defesa.</p>
<h2>8. Contato</h2>
<p>Dúvidas e reclamações: atendimento ao cliente no site, 24 horas por dia.</p>
""",
    ),
    "EN": (
        "Terms and conditions",
        """
<h2>1. Who we are</h2>
<p>{name} is an online fixed-odds betting and gaming platform. By opening an account you accept
these terms and our privacy policy.</p>
<h2>2. Who may play</h2>
<ul>
<li>Only adults of 18 or over, with their own valid CPF, living in Brazil.</li>
<li>One account per person. Duplicate accounts are closed and their balance returned.</li>
<li>People who excluded themselves, who are on a list of those barred from betting, or whom the
law forbids to bet may not play.</li>
</ul>
<h2>3. Your account</h2>
<p>The details you give must be true and in your own name. We may ask for documents to confirm
your identity before deposits, bets or withdrawals. Keep your password and payment password to
yourself: they are personal and cannot be transferred.</p>
<h2>4. Deposits and withdrawals</h2>
<ul>
<li>Deposits and withdrawals only from and to bank accounts and PIX keys in your own CPF.</li>
<li>We accept neither credit cards nor payments by third parties.</li>
<li>Before a withdrawal, each deposit made since your last withdrawal must be bet at least once
(1×), an anti-money-laundering rule; the deposit page says so before you deposit and the
withdraw page shows what is left.</li>
<li>Withdrawals are paid within 120 minutes of approval; we may ask for an extra check for your
safety.</li>
</ul>
<h2>5. Bets</h2>
<p>A bet is accepted when it shows in your betting record. Each game's result follows the rules
and paytable shown before the bet. Obvious price errors or technical failures may void a bet,
with the stake returned.</p>
<h2>6. Responsible gaming</h2>
<p>You can set deposit, loss, time and betting limits, take a break or exclude yourself at any
time on the Responsible gaming page.</p>
<h2>7. Closing an account</h2>
<p>You may close your account whenever you wish; the available balance is paid to your account
in your name. We may suspend accounts for fraud, money laundering or a breach of these terms,
with notice and the right to be heard.</p>
<h2>8. Contact</h2>
<p>Questions and complaints: customer service on the site, 24 hours a day.</p>
""",
    ),
}

PRIVACY = {
    "PT": (
        "Política de privacidade",
        """
<h2>1. Controlador</h2>
<p>{name} trata seus dados pessoais conforme a Lei Geral de Proteção de Dados (LGPD, Lei
13.709/2018).</p>
<h2>2. Dados que tratamos</h2>
<ul>
<li>Cadastro: nome completo, CPF, data de nascimento, endereço, telefone e e-mail.</li>
<li>Verificação de identidade: documentos e prova de vida, por meio de um parceiro de KYC.</li>
<li>Transações: depósitos, saques, apostas e resultados.</li>
<li>Uso: endereço IP, dispositivo, navegador e registros de acesso.</li>
</ul>
<h2>3. Para que usamos</h2>
<p>Para cumprir obrigações legais e regulatórias (verificação de idade e identidade, prevenção à
lavagem de dinheiro, consulta a cadastros de proibidos de apostar), executar o contrato com você,
proteger sua conta e, com seu consentimento, enviar comunicações de marketing.</p>
<h2>4. Com quem compartilhamos</h2>
<p>Com prestadores de pagamento, de verificação de identidade e de jogos, com as autoridades
quando a lei exige, e nunca para venda de dados.</p>
<h2>5. Por quanto tempo</h2>
<p>Mantemos os dados de conta e de transações pelo prazo exigido em lei (no mínimo 5 anos após o
encerramento da conta) e os demais somente enquanto forem necessários.</p>
<h2>6. Seus direitos</h2>
<p>Você pode pedir acesso, correção, portabilidade, anonimização ou eliminação dos seus dados e
revogar consentimentos pelo atendimento ao cliente. Responderemos em até 15 dias.</p>
<h2>7. Segurança</h2>
<p>Senhas guardadas com hash Argon2, conexões cifradas, autenticação em dois fatores e acesso
restrito da nossa equipe, com registro de auditoria.</p>
""",
    ),
    "EN": (
        "Privacy policy",
        """
<h2>1. Controller</h2>
<p>{name} processes your personal data under Brazil's General Data Protection Law (LGPD, Law
13,709/2018).</p>
<h2>2. Data we process</h2>
<ul>
<li>Registration: full name, CPF, birth date, address, phone and e-mail.</li>
<li>Identity checks: documents and liveness, through a KYC partner.</li>
<li>Transactions: deposits, withdrawals, bets and results.</li>
<li>Use: IP address, device, browser and access logs.</li>
</ul>
<h2>3. Why we use it</h2>
<p>To meet legal and regulatory duties (age and identity checks, anti-money-laundering, checks
against lists of people barred from betting), to perform our contract with you, to protect your
account and, with your consent, to send marketing.</p>
<h2>4. Who we share it with</h2>
<p>With payment, identity-check and game providers, with the authorities where the law requires,
and never to sell it.</p>
<h2>5. How long we keep it</h2>
<p>Account and transaction data for as long as the law requires (at least 5 years after the
account is closed); everything else only while it is needed.</p>
<h2>6. Your rights</h2>
<p>You may ask for access, correction, portability, anonymisation or deletion of your data and
withdraw consents through customer service. We answer within 15 days.</p>
<h2>7. Security</h2>
<p>Passwords stored as Argon2 hashes, encrypted connections, two-factor authentication and
restricted, audited staff access.</p>
""",
    ),
}

SPONSOR = {
    "PT": (
        "Patrocínios",
        """
<h2>Esporte de base</h2>
<p>{name} apoia escolinhas de futebol e vôlei em comunidades de São Paulo, Recife e Belém:
uniformes, transporte para campeonatos e bolsas para treinadores.</p>
<h2>Clubes e eventos</h2>
<ul>
<li>Patrocinadora máster de um campeonato estadual de futsal feminino.</li>
<li>Parceira oficial de uma corrida de rua beneficente com inscrições revertidas a hospitais
infantis.</li>
</ul>
<h2>Jogo responsável em campo</h2>
<p>Toda ação de patrocínio leva a mensagem "Jogue com responsabilidade" e o aviso de proibição
para menores de 18 anos, como exige a regulamentação brasileira.</p>
""",
    ),
    "EN": (
        "Sponsorships",
        """
<h2>Grassroots sport</h2>
<p>{name} supports football and volleyball schools in communities of São Paulo, Recife and
Belém: kits, travel to tournaments and grants for coaches.</p>
<h2>Clubs and events</h2>
<ul>
<li>Main sponsor of a state women's futsal championship.</li>
<li>Official partner of a charity road race whose entry fees go to children's hospitals.</li>
</ul>
<h2>Responsible gaming on the pitch</h2>
<p>Every sponsorship carries the message "Play responsibly" and the under-18 notice, as
Brazil's rules require.</p>
""",
    ),
}

DESCRIPTION = {
    "PT": (
        "Sobre a {name}",
        """
<h2>O que oferecemos</h2>
<p>Na {name} você encontra cassino ao vivo, slots, esportes, e-sports, loterias e jogos
originais com resultado verificável, em uma conta só, com saldo em reais.</p>
<h2>Como funciona</h2>
<ul>
<li>Cadastre-se com seu CPF e confirme sua identidade.</li>
<li>Deposite por PIX de uma conta em seu nome; o saldo aparece em segundos.</li>
<li>Saque para uma chave PIX do seu CPF; acompanhe cada etapa na página de saque.</li>
</ul>
<h2>Segurança</h2>
<p>Senhas protegidas, verificação em duas etapas, limites de depósito e de perda definidos por
você e autoexclusão a qualquer momento.</p>
""",
    ),
    "EN": (
        "About {name}",
        """
<h2>What we offer</h2>
<p>At {name} you find live casino, slots, sports, e-sports, lotteries and in-house games
with verifiable results, in one account with a balance in reais.</p>
<h2>How it works</h2>
<ul>
<li>Register with your CPF and confirm your identity.</li>
<li>Deposit by PIX from an account in your name; the balance shows in seconds.</li>
<li>Withdraw to a PIX key of your CPF; follow each step on the withdraw page.</li>
</ul>
<h2>Security</h2>
<p>Protected passwords, two-step verification, deposit and loss limits you set, and
self-exclusion at any time.</p>
""",
    ),
}

DOCUMENTS = {"terms": TERMS, "privacy": PRIVACY, "sponsor": SPONSOR, "description": DESCRIPTION}

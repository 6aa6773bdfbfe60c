const C=JSON.parse(document.getElementById('cfg').textContent),T=C.text,q=new URLSearchParams(location.search);
const reduce=matchMedia('(prefers-reduced-motion: reduce)').matches,$=id=>document.getElementById(id);
let S=null;const wait=ms=>reduce?Promise.resolve():new Promise(r=>setTimeout(r,ms));
const money=v=>new Intl.NumberFormat(document.documentElement.lang,{minimumFractionDigits:2,maximumFractionDigits:2}).format(Number(v));
function bal(v,c){$('balance').textContent=T.balance+': '+(c||S.currency)+' '+money(v)}
const say=e=>{const k=String(e.message||e);return T['e_'+k]||T.error+': '+k};
async function post(p,b){const r=await fetch(p,{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify(b)});
 const j=await r.json().catch(()=>({}));if(!r.ok)throw new Error(j.detail||j.error||r.status);return j}
async function open(){try{S=await post('/api/session',{vendor:C.vendor,gameCode:C.game,token:q.get('token'),currency:q.get('currency')||'BRL'})}
 catch(e){$('msg').textContent=T.expired;return}bal(S.balance);if(S.demo)$('mode').textContent=T.demo;
 enable();
 if(S.kind==='sportsbook'){book();setInterval(book,10000);if(!S.demo&&Number(S.balance)<=0)$('msg').textContent=T.fill}
 if(S.kind==='pvp'){if(q.get('room'))sit(q.get('room'));else rooms();setInterval(rooms,3000)}}
let H=null;// the blackjack hand in play: only its moves are offered until it ends
const playing=()=>Boolean(H&&!H.done);
function enable(){document.querySelectorAll('[data-play]').forEach(b=>{b.disabled=b.dataset.act===undefined?playing():
 !(playing()&&(b.dataset.on!=='DOUBLE'||H.mayDouble))})}
async function play(path,on){const bet=$('bet').value;document.querySelectorAll('[data-play]').forEach(b=>b.disabled=true);
 $('msg').textContent='';try{const r=await post(path,{session:S.session,bet,on:on||''});if(r.hand)H=r.hand;await show(r);bal(r.balance)}
 catch(e){$('msg').textContent=say(e)}finally{enable()}}
function cards(id,list){const row=$(id);row.innerHTML='';for(const c of list){const s=document.createElement('span');s.className='card';s.textContent=c;row.appendChild(s)}}
async function show(r){const m=$('msg');
 if(r.grid){const g=$('reels');g.innerHTML='';for(let row=0;row<3;row++)for(let reel=0;reel<5;reel++){
   const d=document.createElement('div'),y=C.symbols[r.grid[reel][row]];d.className='cell';d.textContent=y[0];d.style.color=y[1];g.appendChild(d)}
   const cells=g.children;for(const w of r.wins){const line=C.lines[w.line];
    for(let reel=0;reel<w.count;reel++)cells[line[reel]*5+reel].classList.add('hit')}
   if(r.freeSpins.length)m.textContent=T.free+': '+r.freeSpins.length+'. ';await wait(200)}
 if(r.timeline){const p=$('pcards'),b=$('bcards');p.innerHTML='';b.innerHTML='';
   for(const s of r.timeline){const d=document.createElement('span');d.className='card';d.textContent=s.card;(s.side=='P'?p:b).appendChild(d);await wait(350)}
   m.textContent=T[r.winner.toLowerCase()]+' '+r.player+' : '+r.banker+'. '}
 if(r.dealt){const d=$('dealt');d.innerHTML='';for(const s of r.dealt){const e=document.createElement('span');e.className='card';
   e.textContent=(T['l_'+s.lane]||'')+' '+s.item;d.appendChild(e);await wait(250)}
   const word=w=>T['b_'+w.toLowerCase()]||w;m.textContent=word(r.outcome)+' ('+r.detail.split(' ').map(word).join(' ')+'). '}
 if(r.hand){const h=r.hand;cards('dcards',h.done?h.dealer:h.dealer.concat(['?']));cards('pcards',h.player);
   $('dtotal').textContent=h.dealerTotal;$('ptotal').textContent=h.playerTotal;if(!h.done){m.textContent=T.yourturn;return}}
 if(r.pocket!==undefined){m.textContent='🎡 '+r.pocket+'. '}
 if(r.caught!==undefined){m.textContent=(r.caught?T.caught:T.missed)+' '}
 m.textContent+=Number(r.win)>0?T.win+': '+money(r.win):T.lost}
document.querySelectorAll('[data-play]').forEach(b=>b.addEventListener('click',()=>play(b.dataset.play,b.dataset.on)));
open();

async function book(){const r=await fetch('/api/sports/events?session='+encodeURIComponent(S.session));
 if(!r.ok)return;const d=await r.json(),ev=$('events'),mine=$('bets');ev.innerHTML='';mine.innerHTML='';
 for(const e of d.events){const li=document.createElement('li');const h=document.createElement('div');
  h.textContent=e.home+' × '+e.away+' · '+new Date(e.startsAt).toLocaleTimeString(document.documentElement.lang,{hour:'2-digit',minute:'2-digit'});li.appendChild(h);
  for(const [m,o] of Object.entries(e.markets)){const row=document.createElement('div');row.className='row';
   for(const [k,v] of Object.entries(o)){const b=document.createElement('button');b.textContent=(T[k.toLowerCase()]||k)+' '+v;
    b.addEventListener('click',()=>bet(e.eventId,m,k));row.appendChild(b)}li.appendChild(row)}ev.appendChild(li)}
 for(const b of d.bets.slice().reverse()){const li=document.createElement('li');
  li.textContent=b.outcome+' @ '+b.odds+' · '+b.stake+' · '+(T[b.status.toLowerCase()]||b.status)+(b.result?' ('+b.result+')':'')+(Number(b.win)>0?' · '+T.win+' '+b.win:'');mine.appendChild(li)}}
async function bet(eventId,market,outcome){$('msg').textContent='';try{
 const r=await post('/api/sports/bet',{session:S.session,eventId,market,outcome,stake:$('bet').value});
 bal(r.balance);$('msg').textContent=T.placed+' '+outcome+' @ '+r.bet.odds;book()}
 catch(e){$('msg').textContent=say(e)}}

async function rooms(){const r=await fetch('/api/pvp/rooms?session='+encodeURIComponent(S.session));if(!r.ok)return;
 const d=await r.json(),list=$('rooms');list.innerHTML='';
 for(const room of d.rooms){const li=document.createElement('li');li.className='row';
  li.append(T[room.level.toLowerCase()]+' · '+T.ante+' '+money(room.ante)+' · '+room.taken+'/'+room.maxSeats+' ');
  const b=document.createElement('button');b.textContent=T.sit;b.addEventListener('click',()=>sit(room.level));li.appendChild(b);list.appendChild(li)}
 const t=$('table');t.innerHTML='';if(!d.table)return;const tb=d.table;
 const h=document.createElement('p');h.textContent=T[tb.level.toLowerCase()]+': '+tb.seats.length+'/'+tb.maxSeats+' · '+T.hands+' '+tb.hands;t.appendChild(h);
 if(tb.last&&tb.last.players){for(const p of tb.last.players){const row=document.createElement('div');row.className='cards';
  const who=document.createElement('span');who.textContent=p.you?T.you:T.opponent;row.appendChild(who);
  for(const c of p.cards){const s=document.createElement('span');s.className='card';s.textContent=c;row.appendChild(s)}
  if(Number(p.won)>0){const w=document.createElement('span');w.textContent=T.win+' '+money(p.won);row.appendChild(w)}t.appendChild(row)}}}
async function sit(level){try{await post('/api/pvp/sit',{session:S.session,level});$('msg').textContent=T.seated;rooms()}
 catch(e){$('msg').textContent=say(e)}}
async function deal(){try{const r=await post('/api/pvp/deal',{session:S.session});bal(r.balance);$('msg').textContent='';rooms()}
 catch(e){$('msg').textContent=say(e)}}
if($('deal'))$('deal').addEventListener('click',deal);

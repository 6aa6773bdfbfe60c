const C=JSON.parse(document.getElementById('cfg').textContent),T=C.text,q=new URLSearchParams(location.search);
const token=q.get('t')||'',$=id=>document.getElementById(id),base='/api/chat/'+encodeURIComponent(C.vendor)+'/'+encodeURIComponent(C.table);
let last=0;
function show(m){const li=document.createElement('li');const who=document.createElement('b');who.textContent=m.author+(m.host?' ★':'')+': ';
 li.appendChild(who);li.append(m.text);$('messages').appendChild(li);last=Math.max(last,m.id);li.scrollIntoView({block:'nearest'})}
async function poll(){const r=await fetch(base+'?t='+encodeURIComponent(token)+'&after='+last);
 if(!r.ok){$('status').textContent=T.expired;return}const d=await r.json();d.messages.forEach(show)}
$('form').addEventListener('submit',async e=>{e.preventDefault();const text=$('text').value;if(!text.trim())return;
 const r=await fetch(base,{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify({t:token,text})});
 if(r.status===429){$('status').textContent=T.slow;return}if(!r.ok){$('status').textContent=T.error;return}
 $('status').textContent='';$('text').value='';poll()});
poll();setInterval(poll,2000);

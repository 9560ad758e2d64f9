# Reads interleave.sh results: per case, the median over rounds of after / before (speed), its range, allocation and load.
# usage: python3 ratios.py OUTDIR BEFORE AFTER
import json, sys, glob, os, statistics, re
d = sys.argv[1]; a = sys.argv[2]; b = sys.argv[3]   # ratio = speed of b / speed of a
res = {}
for f in glob.glob(os.path.join(d, '*.json')):
    name, rnd, ident = os.path.basename(f)[:-5].split('.', 2)
    try:
        j = json.load(open(f))[0]
    except Exception:
        continue
    pm = j['primaryMetric']; sec = j.get('secondaryMetrics', {})
    alloc = sec.get('gc.alloc.rate.norm', {}).get('score')
    res.setdefault(ident, {}).setdefault(rnd, {})[name] = (pm['score'], pm['scoreUnit'], alloc)
loads = {}
if os.path.exists(os.path.join(d, 'order.log')):
    for line in open(os.path.join(d, 'order.log')):
        p = line.split()
        loads.setdefault(p[1], []).append(float(p[3].split('=')[1]))
print(f"{'case':40} {a:>10} {b:>10}  {b+'/'+a+' speed':>16} {'min':>6} {'max':>6} {'n':>2}  alloc {a}/{b} B/op  load")
for ident in sorted(res):
    rs = []; sa = []; sb = []; al = []; unit = ''
    for rnd, v in res[ident].items():
        if a in v and b in v:
            unit = v[a][1]
            sa.append(v[a][0]); sb.append(v[b][0])
            r = v[b][0] / v[a][0] if 'ops' in unit else v[a][0] / v[b][0]
            rs.append(r); al.append((v[a][2], v[b][2]))
    if not rs: continue
    ma = statistics.median(sa); mb = statistics.median(sb)
    fmt = (lambda x: f"{x/1e6:.2f}M") if 'ops' in unit else (lambda x: f"{x:.2f}ms")
    aa = statistics.median([x[0] for x in al if x[0] is not None]) if al else 0
    ab = statistics.median([x[1] for x in al if x[1] is not None]) if al else 0
    ld = loads.get(ident, [])
    print(f"{ident:40} {fmt(ma):>10} {fmt(mb):>10}  {statistics.median(rs):16.2f} {min(rs):6.2f} {max(rs):6.2f} {len(rs):2}  {aa:8.1f} / {ab:8.1f}  {min(ld) if ld else 0:.1f}-{max(ld) if ld else 0:.1f}")

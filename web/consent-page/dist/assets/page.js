var sl = Object.create;
var Hn = Object.defineProperty;
var il = Object.getOwnPropertyDescriptor;
var cl = Object.getOwnPropertyNames;
var ul = Object.getPrototypeOf,
  ll = Object.prototype.hasOwnProperty;
var Ae = (e, t) => () => {
  try {
    return (t || e((t = { exports: {} }).exports, t), t.exports);
  } catch (r) {
    throw ((t = 0), r);
  }
};
var pl = (e, t, r, n) => {
  if ((t && typeof t == 'object') || typeof t == 'function')
    for (let o of cl(t))
      !ll.call(e, o) && o !== r && Hn(e, o, { get: () => t[o], enumerable: !(n = il(t, o)) || n.enumerable });
  return e;
};
var rt = (e, t, r) => (
  (r = e != null ? sl(ul(e)) : {}),
  pl(t || !e || !e.__esModule ? Hn(r, 'default', { value: e, enumerable: !0 }) : r, e)
);
var Bt = Ae((fr, Io) => {
  'use strict';
  (function (e, t) {
    typeof fr == 'object' && typeof Io < 'u'
      ? t(fr)
      : typeof define == 'function' && define.amd
        ? define(['exports'], t)
        : ((e = typeof globalThis < 'u' ? globalThis : e || self), t((e.fastUniqueNumbers = {})));
  })(fr, function (e) {
    'use strict';
    var t = function (m) {
        return function (d) {
          var f = m(d);
          return (d.add(f), f);
        };
      },
      r = function (m) {
        return function (d, f) {
          return (m.set(d, f), f);
        };
      },
      n = Number.MAX_SAFE_INTEGER === void 0 ? 9007199254740991 : Number.MAX_SAFE_INTEGER,
      o = 536870912,
      a = o * 2,
      i = function (m, d) {
        return function (f) {
          var h = d.get(f),
            x = h === void 0 ? f.size : h < a ? h + 1 : 0;
          if (!f.has(x)) return m(f, x);
          if (f.size < o) {
            for (; f.has(x);) x = Math.floor(Math.random() * a);
            return m(f, x);
          }
          if (f.size > n)
            throw new Error(
              'Congratulations, you created a collection of unique numbers which uses all available integers!',
            );
          for (; f.has(x);) x = Math.floor(Math.random() * n);
          return m(f, x);
        };
      },
      s = new WeakMap(),
      c = r(s),
      l = i(c, s),
      u = t(l);
    ((e.addUniqueNumber = u), (e.generateUniqueNumber = l));
  });
});
var Pa = Ae((pg, Vt) => {
  'use strict';
  function Dl(e) {
    if (Array.isArray(e)) return e;
  }
  ((Vt.exports = Dl), (Vt.exports.__esModule = !0), (Vt.exports.default = Vt.exports));
});
var Da = Ae((dg, qt) => {
  'use strict';
  function Fl(e, t) {
    var r = e == null ? null : (typeof Symbol < 'u' && e[Symbol.iterator]) || e['@@iterator'];
    if (r != null) {
      var n,
        o,
        a,
        i,
        s = [],
        c = !0,
        l = !1;
      try {
        if (((a = (r = r.call(e)).next), t === 0)) {
          if (Object(r) !== r) return;
          c = !1;
        } else for (; !(c = (n = a.call(r)).done) && (s.push(n.value), s.length !== t); c = !0);
      } catch (u) {
        ((l = !0), (o = u));
      } finally {
        try {
          if (!c && r.return != null && ((i = r.return()), Object(i) !== i)) return;
        } finally {
          if (l) throw o;
        }
      }
      return s;
    }
  }
  ((qt.exports = Fl), (qt.exports.__esModule = !0), (qt.exports.default = qt.exports));
});
var Fa = Ae((fg, Gt) => {
  'use strict';
  function Ll(e, t) {
    (t == null || t > e.length) && (t = e.length);
    for (var r = 0, n = Array(t); r < t; r++) n[r] = e[r];
    return n;
  }
  ((Gt.exports = Ll), (Gt.exports.__esModule = !0), (Gt.exports.default = Gt.exports));
});
var Wa = Ae((mg, jt) => {
  'use strict';
  var La = Fa();
  function Wl(e, t) {
    if (e) {
      if (typeof e == 'string') return La(e, t);
      var r = {}.toString.call(e).slice(8, -1);
      return (
        r === 'Object' && e.constructor && (r = e.constructor.name),
        r === 'Map' || r === 'Set'
          ? Array.from(e)
          : r === 'Arguments' || /^(?:Ui|I)nt(?:8|16|32)(?:Clamped)?Array$/.test(r)
            ? La(e, t)
            : void 0
      );
    }
  }
  ((jt.exports = Wl), (jt.exports.__esModule = !0), (jt.exports.default = jt.exports));
});
var Ba = Ae((hg, zt) => {
  'use strict';
  function Bl() {
    throw new TypeError(`Invalid attempt to destructure non-iterable instance.
In order to be iterable, non-array objects must have a [Symbol.iterator]() method.`);
  }
  ((zt.exports = Bl), (zt.exports.__esModule = !0), (zt.exports.default = zt.exports));
});
var nn = Ae((xg, Yt) => {
  'use strict';
  var Ul = Pa(),
    Vl = Da(),
    ql = Wa(),
    Gl = Ba();
  function jl(e, t) {
    return Ul(e) || Vl(e, t) || ql(e, t) || Gl();
  }
  ((Yt.exports = jl), (Yt.exports.__esModule = !0), (Yt.exports.default = Yt.exports));
});
var on = Ae((_g, Ht) => {
  'use strict';
  function zl(e, t) {
    if (!(e instanceof t)) throw new TypeError('Cannot call a class as a function');
  }
  ((Ht.exports = zl), (Ht.exports.__esModule = !0), (Ht.exports.default = Ht.exports));
});
var sn = Ae((gg, Ge) => {
  'use strict';
  function an(e) {
    '@babel/helpers - typeof';
    return (
      (Ge.exports = an =
        typeof Symbol == 'function' && typeof Symbol.iterator == 'symbol'
          ? function (t) {
              return typeof t;
            }
          : function (t) {
              return t && typeof Symbol == 'function' && t.constructor === Symbol && t !== Symbol.prototype
                ? 'symbol'
                : typeof t;
            }),
      (Ge.exports.__esModule = !0),
      (Ge.exports.default = Ge.exports),
      an(e)
    );
  }
  ((Ge.exports = an), (Ge.exports.__esModule = !0), (Ge.exports.default = Ge.exports));
});
var Va = Ae((vg, $t) => {
  'use strict';
  var Ua = sn().default;
  function Yl(e, t) {
    if (Ua(e) != 'object' || !e) return e;
    var r;
    if (typeof Symbol < 'u' && (r = e[Symbol.toPrimitive]) !== void 0) {
      var n = r.call(e, t || 'default');
      if (Ua(n) != 'object') return n;
      throw new TypeError('@@toPrimitive must return a primitive value.');
    }
    return (t === 'string' ? String : Number)(e);
  }
  (($t.exports = Yl), ($t.exports.__esModule = !0), ($t.exports.default = $t.exports));
});
var qa = Ae((yg, Xt) => {
  'use strict';
  var Hl = sn().default,
    $l = Va();
  function Xl(e) {
    var t = $l(e, 'string');
    return Hl(t) == 'symbol' ? t : t + '';
  }
  ((Xt.exports = Xl), (Xt.exports.__esModule = !0), (Xt.exports.default = Xt.exports));
});
var cn = Ae((Ng, Zt) => {
  'use strict';
  var Zl = qa();
  function Ga(e, t) {
    for (var r = 0; r < t.length; r++) {
      var n = t[r];
      ((n.enumerable = n.enumerable || !1),
        (n.configurable = !0),
        'value' in n && (n.writable = !0),
        Object.defineProperty(e, Zl(n.key), n));
    }
  }
  function Ql(e, t, r) {
    return (
      t && Ga(e.prototype, t),
      r && Ga(e, r),
      Object.defineProperty(e, 'prototype', { writable: !1 }),
      e
    );
  }
  ((Zt.exports = Ql), (Zt.exports.__esModule = !0), (Zt.exports.default = Zt.exports));
});
var un = Ae((vr, ja) => {
  'use strict';
  (function (e, t) {
    typeof vr == 'object' && typeof ja < 'u'
      ? t(vr, nn(), on(), cn())
      : typeof define == 'function' && define.amd
        ? define(
            [
              'exports',
              '@babel/runtime/helpers/slicedToArray',
              '@babel/runtime/helpers/classCallCheck',
              '@babel/runtime/helpers/createClass',
            ],
            t,
          )
        : ((e = typeof globalThis < 'u' ? globalThis : e || self),
          t((e.automationEvents = {}), e._slicedToArray, e._classCallCheck, e._createClass));
  })(vr, function (e, t, r, n) {
    'use strict';
    var o = function (E, S, M) {
        return { endTime: S, insertTime: M, type: 'exponentialRampToValue', value: E };
      },
      a = function (E, S, M) {
        return { endTime: S, insertTime: M, type: 'linearRampToValue', value: E };
      },
      i = function (E, S) {
        return { startTime: S, type: 'setValue', value: E };
      },
      s = function (E, S, M) {
        return { duration: M, startTime: S, type: 'setValueCurve', values: E };
      },
      c = function (E, S, M) {
        var P = M.startTime,
          D = M.target,
          R = M.timeConstant;
        return D + (S - D) * Math.exp((P - E) / R);
      },
      l = function (E) {
        return E.type === 'exponentialRampToValue';
      },
      u = function (E) {
        return E.type === 'linearRampToValue';
      },
      p = function (E) {
        return l(E) || u(E);
      },
      m = function (E) {
        return E.type === 'setValue';
      },
      d = function (E) {
        return E.type === 'setValueCurve';
      },
      f = function (E, S, M, P) {
        var D = E[S];
        return D === void 0
          ? P
          : p(D) || m(D)
            ? D.value
            : d(D)
              ? D.values[D.values.length - 1]
              : c(M, f(E, S - 1, D.startTime, P), D);
      },
      h = function (E, S, M, P, D) {
        return M === void 0
          ? [P.insertTime, D]
          : p(M)
            ? [M.endTime, M.value]
            : m(M)
              ? [M.startTime, M.value]
              : d(M)
                ? [M.startTime + M.duration, M.values[M.values.length - 1]]
                : [M.startTime, f(E, S - 1, M.startTime, D)];
      },
      x = function (E) {
        return E.type === 'cancelAndHold';
      },
      _ = function (E) {
        return E.type === 'cancelScheduledValues';
      },
      y = function (E) {
        return x(E) || _(E) ? E.cancelTime : l(E) || u(E) ? E.endTime : E.startTime;
      },
      w = function (E, S, M, P) {
        var D = P.endTime,
          R = P.value;
        return M === R
          ? R
          : (0 < M && 0 < R) || (M < 0 && R < 0)
            ? M * Math.pow(R / M, (E - S) / (D - S))
            : E < D
              ? M
              : R;
      },
      N = function (E, S, M, P) {
        var D = P.endTime,
          R = P.value;
        return M + ((E - S) / (D - S)) * (R - M);
      },
      g = function (E, S) {
        var M = Math.floor(S);
        if (M === S) return E[M];
        var P = Math.ceil(S);
        return (1 - (S - M)) * E[M] + (1 - (P - S)) * E[P];
      },
      A = function (E, S) {
        var M = S.duration,
          P = S.startTime,
          D = S.values,
          R = ((E - P) / M) * (D.length - 1);
        return g(D, R);
      },
      C = function (E, S, M) {
        for (
          var P = E.length,
            D = Math.max(1, Math.floor((M / S) * P)) + 1,
            R = E instanceof Float32Array ? new Float32Array(D) : E.slice(0, D),
            G = 0;
          G < D;
          G += 1
        ) {
          var se = (G / (D - 1)) * M,
            ue = (se / S) * (P - 1);
          R[G] = g(E, ue);
        }
        return R;
      },
      v = function (E) {
        return E.type === 'setTarget';
      },
      O = (function () {
        function L(E) {
          (r(this, L), (this._automationEvents = []), (this._currenTime = 0), (this._defaultValue = E));
        }
        return n(L, [
          {
            key: Symbol.iterator,
            value: function () {
              return this._automationEvents[Symbol.iterator]();
            },
          },
          {
            key: 'add',
            value: function (S) {
              var M = y(S);
              if (x(S) || _(S)) {
                var P = this._automationEvents.findIndex(function (ge) {
                    return _(S) && d(ge) ? ge.startTime + ge.duration >= M : y(ge) >= M;
                  }),
                  D = this._automationEvents[P];
                if ((P !== -1 && (this._automationEvents = this._automationEvents.slice(0, P)), x(S))) {
                  var R = this._automationEvents[this._automationEvents.length - 1];
                  if (D !== void 0 && p(D)) {
                    if (R !== void 0 && v(R)) throw new Error('The internal list is malformed.');
                    var G = R === void 0 ? D.insertTime : d(R) ? R.startTime + R.duration : y(R),
                      se = R === void 0 ? this._defaultValue : d(R) ? R.values[R.values.length - 1] : R.value,
                      ue = l(D) ? w(M, G, se, D) : N(M, G, se, D),
                      q = l(D) ? o(ue, M, this._currenTime) : a(ue, M, this._currenTime);
                    this._automationEvents.push(q);
                  }
                  if (
                    (R !== void 0 && v(R) && this._automationEvents.push(i(this.getValue(M), M)),
                    R !== void 0 && d(R) && R.startTime + R.duration > M)
                  ) {
                    var X = M - R.startTime;
                    this._automationEvents[this._automationEvents.length - 1] = s(
                      C(R.values, R.duration, X),
                      R.startTime,
                      X,
                    );
                  }
                }
              } else {
                var te = this._automationEvents.findIndex(function (ge) {
                    return y(ge) > M;
                  }),
                  U =
                    te === -1
                      ? this._automationEvents[this._automationEvents.length - 1]
                      : this._automationEvents[te - 1];
                if (U !== void 0 && d(U) && y(U) + U.duration > M) return !1;
                var be = l(S)
                  ? o(S.value, S.endTime, this._currenTime)
                  : u(S)
                    ? a(S.value, M, this._currenTime)
                    : S;
                if (te === -1) this._automationEvents.push(be);
                else {
                  if (d(S) && M + S.duration > y(this._automationEvents[te])) return !1;
                  this._automationEvents.splice(te, 0, be);
                }
              }
              return !0;
            },
          },
          {
            key: 'flush',
            value: function (S) {
              var M = this._automationEvents.findIndex(function (R) {
                return y(R) > S;
              });
              if (M > 1) {
                var P = this._automationEvents.slice(M - 1),
                  D = P[0];
                (v(D) &&
                  P.unshift(
                    i(f(this._automationEvents, M - 2, D.startTime, this._defaultValue), D.startTime),
                  ),
                  (this._automationEvents = P));
              }
            },
          },
          {
            key: 'getValue',
            value: function (S) {
              if (this._automationEvents.length === 0) return this._defaultValue;
              var M = this._automationEvents.findIndex(function (ge) {
                  return y(ge) > S;
                }),
                P = this._automationEvents[M],
                D = (M === -1 ? this._automationEvents.length : M) - 1,
                R = this._automationEvents[D];
              if (R !== void 0 && v(R) && (P === void 0 || !p(P) || P.insertTime > S))
                return c(S, f(this._automationEvents, D - 1, R.startTime, this._defaultValue), R);
              if (R !== void 0 && m(R) && (P === void 0 || !p(P))) return R.value;
              if (R !== void 0 && d(R) && (P === void 0 || !p(P) || R.startTime + R.duration > S))
                return S < R.startTime + R.duration ? A(S, R) : R.values[R.values.length - 1];
              if (R !== void 0 && p(R) && (P === void 0 || !p(P))) return R.value;
              if (P !== void 0 && l(P)) {
                var G = h(this._automationEvents, D, R, P, this._defaultValue),
                  se = t(G, 2),
                  ue = se[0],
                  q = se[1];
                return w(S, ue, q, P);
              }
              if (P !== void 0 && u(P)) {
                var X = h(this._automationEvents, D, R, P, this._defaultValue),
                  te = t(X, 2),
                  U = te[0],
                  be = te[1];
                return N(S, U, be, P);
              }
              return this._defaultValue;
            },
          },
        ]);
      })(),
      T = function (E) {
        return { cancelTime: E, type: 'cancelAndHold' };
      },
      I = function (E) {
        return { cancelTime: E, type: 'cancelScheduledValues' };
      },
      b = function (E, S) {
        return { endTime: S, type: 'exponentialRampToValue', value: E };
      },
      F = function (E, S) {
        return { endTime: S, type: 'linearRampToValue', value: E };
      },
      W = function (E, S, M) {
        return { startTime: S, target: E, timeConstant: M, type: 'setTarget' };
      };
    ((e.AutomationEventList = O),
      (e.createCancelAndHoldAutomationEvent = T),
      (e.createCancelScheduledValuesAutomationEvent = I),
      (e.createExponentialRampToValueAutomationEvent = b),
      (e.createLinearRampToValueAutomationEvent = F),
      (e.createSetTargetAutomationEvent = W),
      (e.createSetValueAutomationEvent = i),
      (e.createSetValueCurveAutomationEvent = s));
  });
});
var Ou = Ae((Wr, Mu) => {
  'use strict';
  (function (e, t) {
    typeof Wr == 'object' && typeof Mu < 'u'
      ? t(Wr, nn(), on(), cn())
      : typeof define == 'function' && define.amd
        ? define(
            [
              'exports',
              '@babel/runtime/helpers/slicedToArray',
              '@babel/runtime/helpers/classCallCheck',
              '@babel/runtime/helpers/createClass',
            ],
            t,
          )
        : ((e = typeof globalThis < 'u' ? globalThis : e || self),
          t((e.multiBufferDataView = {}), e._slicedToArray, e._classCallCheck, e._createClass));
  })(Wr, function (e, t, r, n) {
    'use strict';
    function o(c, l) {
      var u = (typeof Symbol < 'u' && c[Symbol.iterator]) || c['@@iterator'];
      if (!u) {
        if (Array.isArray(c) || (u = a(c)) || l) {
          u && (c = u);
          var p = 0,
            m = function () {};
          return {
            s: m,
            n: function () {
              return p >= c.length ? { done: !0 } : { done: !1, value: c[p++] };
            },
            e: function (_) {
              throw _;
            },
            f: m,
          };
        }
        throw new TypeError(`Invalid attempt to iterate non-iterable instance.
In order to be iterable, non-array objects must have a [Symbol.iterator]() method.`);
      }
      var d,
        f = !0,
        h = !1;
      return {
        s: function () {
          u = u.call(c);
        },
        n: function () {
          var _ = u.next();
          return ((f = _.done), _);
        },
        e: function (_) {
          ((h = !0), (d = _));
        },
        f: function () {
          try {
            f || u.return == null || u.return();
          } finally {
            if (h) throw d;
          }
        },
      };
    }
    function a(c, l) {
      if (c) {
        if (typeof c == 'string') return i(c, l);
        var u = {}.toString.call(c).slice(8, -1);
        return (
          u === 'Object' && c.constructor && (u = c.constructor.name),
          u === 'Map' || u === 'Set'
            ? Array.from(c)
            : u === 'Arguments' || /^(?:Ui|I)nt(?:8|16|32)(?:Clamped)?Array$/.test(u)
              ? i(c, l)
              : void 0
        );
      }
    }
    function i(c, l) {
      (l == null || l > c.length) && (l = c.length);
      for (var u = 0, p = Array(l); u < l; u++) p[u] = c[u];
      return p;
    }
    var s = (function () {
      function c(l) {
        var u = arguments.length > 1 && arguments[1] !== void 0 ? arguments[1] : 0,
          p = arguments.length > 2 ? arguments[2] : void 0;
        if ((r(this, c), u < 0 || (p !== void 0 && p < 0))) throw new RangeError();
        var m = l.reduce(function (C, v) {
          return C + v.byteLength;
        }, 0);
        if (u > m || (p !== void 0 && u + p > m)) throw new RangeError();
        var d = [],
          f = p === void 0 ? m - u : p,
          h = [],
          x = 0,
          _ = u,
          y = o(l),
          w;
        try {
          for (y.s(); !(w = y.n()).done;) {
            var N = w.value;
            if (h.length === 0)
              if (N.byteLength > _) {
                x = N.byteLength - _;
                var g = x > f ? f : x;
                (d.push(new DataView(N, _, g)), h.push(N));
              } else _ -= N.byteLength;
            else if (x < f) {
              x += N.byteLength;
              var A = x > f ? N.byteLength - x + f : N.byteLength;
              (d.push(new DataView(N, 0, A)), h.push(N));
            }
          }
        } catch (C) {
          y.e(C);
        } finally {
          y.f();
        }
        ((this._buffers = h),
          (this._byteLength = f),
          (this._byteOffset = _),
          (this._dataViews = d),
          (this._internalBuffer = new DataView(new ArrayBuffer(8))));
      }
      return n(c, [
        {
          key: 'buffers',
          get: function () {
            return this._buffers;
          },
        },
        {
          key: 'byteLength',
          get: function () {
            return this._byteLength;
          },
        },
        {
          key: 'byteOffset',
          get: function () {
            return this._byteOffset;
          },
        },
        {
          key: 'getFloat32',
          value: function (u, p) {
            return (
              this._internalBuffer.setUint8(0, this.getUint8(u + 0)),
              this._internalBuffer.setUint8(1, this.getUint8(u + 1)),
              this._internalBuffer.setUint8(2, this.getUint8(u + 2)),
              this._internalBuffer.setUint8(3, this.getUint8(u + 3)),
              this._internalBuffer.getFloat32(0, p)
            );
          },
        },
        {
          key: 'getFloat64',
          value: function (u, p) {
            return (
              this._internalBuffer.setUint8(0, this.getUint8(u + 0)),
              this._internalBuffer.setUint8(1, this.getUint8(u + 1)),
              this._internalBuffer.setUint8(2, this.getUint8(u + 2)),
              this._internalBuffer.setUint8(3, this.getUint8(u + 3)),
              this._internalBuffer.setUint8(4, this.getUint8(u + 4)),
              this._internalBuffer.setUint8(5, this.getUint8(u + 5)),
              this._internalBuffer.setUint8(6, this.getUint8(u + 6)),
              this._internalBuffer.setUint8(7, this.getUint8(u + 7)),
              this._internalBuffer.getFloat64(0, p)
            );
          },
        },
        {
          key: 'getInt16',
          value: function (u, p) {
            return (
              this._internalBuffer.setUint8(0, this.getUint8(u + 0)),
              this._internalBuffer.setUint8(1, this.getUint8(u + 1)),
              this._internalBuffer.getInt16(0, p)
            );
          },
        },
        {
          key: 'getInt32',
          value: function (u, p) {
            return (
              this._internalBuffer.setUint8(0, this.getUint8(u + 0)),
              this._internalBuffer.setUint8(1, this.getUint8(u + 1)),
              this._internalBuffer.setUint8(2, this.getUint8(u + 2)),
              this._internalBuffer.setUint8(3, this.getUint8(u + 3)),
              this._internalBuffer.getInt32(0, p)
            );
          },
        },
        {
          key: 'getInt8',
          value: function (u) {
            var p = this._findDataViewWithOffset(u),
              m = t(p, 2),
              d = m[0],
              f = m[1];
            return d.getInt8(u - f);
          },
        },
        {
          key: 'getUint16',
          value: function (u, p) {
            return (
              this._internalBuffer.setUint8(0, this.getUint8(u + 0)),
              this._internalBuffer.setUint8(1, this.getUint8(u + 1)),
              this._internalBuffer.getUint16(0, p)
            );
          },
        },
        {
          key: 'getUint32',
          value: function (u, p) {
            return (
              this._internalBuffer.setUint8(0, this.getUint8(u + 0)),
              this._internalBuffer.setUint8(1, this.getUint8(u + 1)),
              this._internalBuffer.setUint8(2, this.getUint8(u + 2)),
              this._internalBuffer.setUint8(3, this.getUint8(u + 3)),
              this._internalBuffer.getUint32(0, p)
            );
          },
        },
        {
          key: 'getUint8',
          value: function (u) {
            var p = this._findDataViewWithOffset(u),
              m = t(p, 2),
              d = m[0],
              f = m[1];
            return d.getUint8(u - f);
          },
        },
        {
          key: 'setFloat32',
          value: function (u, p, m) {
            (this._internalBuffer.setFloat32(0, p, m),
              this.setUint8(u, this._internalBuffer.getUint8(0)),
              this.setUint8(u + 1, this._internalBuffer.getUint8(1)),
              this.setUint8(u + 2, this._internalBuffer.getUint8(2)),
              this.setUint8(u + 3, this._internalBuffer.getUint8(3)));
          },
        },
        {
          key: 'setFloat64',
          value: function (u, p, m) {
            (this._internalBuffer.setFloat64(0, p, m),
              this.setUint8(u, this._internalBuffer.getUint8(0)),
              this.setUint8(u + 1, this._internalBuffer.getUint8(1)),
              this.setUint8(u + 2, this._internalBuffer.getUint8(2)),
              this.setUint8(u + 3, this._internalBuffer.getUint8(3)),
              this.setUint8(u + 4, this._internalBuffer.getUint8(4)),
              this.setUint8(u + 5, this._internalBuffer.getUint8(5)),
              this.setUint8(u + 6, this._internalBuffer.getUint8(6)),
              this.setUint8(u + 7, this._internalBuffer.getUint8(7)));
          },
        },
        {
          key: 'setInt16',
          value: function (u, p, m) {
            (this._internalBuffer.setInt16(0, p, m),
              this.setUint8(u, this._internalBuffer.getUint8(0)),
              this.setUint8(u + 1, this._internalBuffer.getUint8(1)));
          },
        },
        {
          key: 'setInt32',
          value: function (u, p, m) {
            (this._internalBuffer.setInt32(0, p, m),
              this.setUint8(u, this._internalBuffer.getUint8(0)),
              this.setUint8(u + 1, this._internalBuffer.getUint8(1)),
              this.setUint8(u + 2, this._internalBuffer.getUint8(2)),
              this.setUint8(u + 3, this._internalBuffer.getUint8(3)));
          },
        },
        {
          key: 'setInt8',
          value: function (u, p) {
            var m = this._findDataViewWithOffset(u),
              d = t(m, 2),
              f = d[0],
              h = d[1];
            f.setInt8(u - h, p);
          },
        },
        {
          key: 'setUint16',
          value: function (u, p, m) {
            (this._internalBuffer.setUint16(0, p, m),
              this.setUint8(u, this._internalBuffer.getUint8(0)),
              this.setUint8(u + 1, this._internalBuffer.getUint8(1)));
          },
        },
        {
          key: 'setUint32',
          value: function (u, p, m) {
            (this._internalBuffer.setUint32(0, p, m),
              this.setUint8(u, this._internalBuffer.getUint8(0)),
              this.setUint8(u + 1, this._internalBuffer.getUint8(1)),
              this.setUint8(u + 2, this._internalBuffer.getUint8(2)),
              this.setUint8(u + 3, this._internalBuffer.getUint8(3)));
          },
        },
        {
          key: 'setUint8',
          value: function (u, p) {
            var m = this._findDataViewWithOffset(u),
              d = t(m, 2),
              f = d[0],
              h = d[1];
            f.setUint8(u - h, p);
          },
        },
        {
          key: '_findDataViewWithOffset',
          value: function (u) {
            var p = 0,
              m = o(this._dataViews),
              d;
            try {
              for (m.s(); !(d = m.n()).done;) {
                var f = d.value,
                  h = p + f.byteLength;
                if (u >= p && u < h) return [f, p];
                p = h;
              }
            } catch (x) {
              m.e(x);
            } finally {
              m.f();
            }
            throw new RangeError();
          },
        },
      ]);
    })();
    e.MultiBufferDataView = s;
  });
});
var Z,
  Zn,
  dl,
  He,
  Vr,
  ur,
  Qn,
  ar,
  Kn,
  Gr,
  qr,
  fl,
  Dt = Symbol.for('pv'),
  lr = {},
  pr = [],
  ml = /^m(i|n|o|s|text|space)$/,
  jr = Array.isArray,
  Jn = pr.slice,
  ot = Object.assign;
function nt(e) {
  e && e.parentNode && e.remove();
}
function sr(e, t, r, n, o) {
  var a = {
    type: e,
    props: t,
    key: r,
    ref: n,
    __k: null,
    __: null,
    __b: 0,
    __e: null,
    __c: null,
    constructor: Dt,
    __v: o || ++Zn,
    __i: -1,
    __u: 0,
  };
  return (!o && Z.vnode && Z.vnode(a), a);
}
function ke(e) {
  return e.children;
}
function ir(e, t) {
  ((this.props = e), (this.context = t), (this.__g = 0));
}
function $e(e, t) {
  if (t == null) return e.__ && $e(e.__, e.__i + 1);
  for (var r; t < e.__k.length; t++) if ((r = e.__k[t]) && r.__e) return r.__e;
  return typeof e.type != 'function' || e.props.__P ? null : $e(e);
}
function hl(e) {
  var t,
    r = e.__v,
    n = r.__e,
    o = [],
    a = [],
    i = e.__P;
  i &&
    (((t = ot({ constructor: Dt }, r)).__v = r.__v + 1),
    Z.vnode && Z.vnode(t),
    zr(i, t, r, e.__n, i.namespaceURI, 32 & r.__u ? [n] : null, o, n || $e(r), 32 & r.__u, a),
    (t.__v = r.__v),
    (t.__.__k[t.__i] = t),
    ao(o, t, a),
    (r.__ = r.__e = null),
    t.__e != n && eo(t));
}
function eo(e) {
  if ((e = e.__) && e.__c && !e.props.__P)
    return (
      (e.__e = null),
      e.__k.some(function (t) {
        return t && (e.__e = t.__e);
      }),
      eo(e)
    );
}
function $n(e) {
  ((8 & e.__g || ((e.__g |= 8), He.push(e), ur++)) && Vr == Z.debounceRendering) ||
    ((Vr = Z.debounceRendering) || queueMicrotask)(to);
}
function to() {
  try {
    for (var e, t = 1; He.length;)
      (He.length > t && He.sort(Qn), (e = He.shift()), (t = He.length), 8 & e.__g && hl(e));
  } finally {
    (ur = He.length) && (Vr || queueMicrotask)(to);
  }
}
function ro(e, t, r, n, o, a, i, s, c, l, u) {
  var p,
    m,
    d,
    f,
    h,
    x,
    _ = n.__k || pr,
    y = t.length;
  for (c = xl(r, t, _, c, y), p = 0; p < y; p++)
    (d = r.__k[p]) != null &&
      ((m = (~d.__i && _[d.__i]) || lr),
      (d.__i = p),
      (x = zr(e, d, m, o, a, i, s, c, l, u)),
      (f = d.__e),
      (m.ref != d.ref || 8 & m.__u) &&
        (m.ref && Yr(m.ref, null, d, m), d.ref && u.push(d.ref, d.__c || f, d)),
      (h = h || f),
      4 & d.__u
        ? ((c = no(d, c, e, !m.__v)), m.__e && (m.__e = null))
        : typeof d.type == 'function' && x !== void 0
          ? (c = x)
          : f && (c = f.nextSibling),
      (d.__u &= -21));
  return ((r.__e = h), c);
}
function xl(e, t, r, n, o) {
  var a,
    i,
    s,
    c,
    l,
    u,
    p,
    m,
    d,
    f = r.length,
    h = f,
    x = 0,
    _ = 0,
    y = (e.__k = Array(o));
  for (a = 0; a < o; a++)
    (i = t[a]) != null && typeof i != 'boolean' && typeof i != 'function'
      ? (typeof i != 'object' || i.constructor === String
          ? (i = y[a] = sr(null, i))
          : jr(i)
            ? (i = y[a] = sr(ke, { children: i }))
            : i.constructor === Dt && i.__b
              ? (i = y[a] = sr(i.type, i.props, i.key, i.ref, i.__v))
              : (y[a] = i),
        (c = a + x),
        (i.__ = e),
        (i.__b = e.__b + 1),
        (s = null),
        ~(l = i.__i = _l(i, r, c, h)) && (h--, (s = r[l]) && (s.__u |= 2)),
        s && s.__v
          ? ((i.__u |= 16), l == c - 1 ? x-- : l == c + 1 ? x++ : l != c && (l > c ? x-- : x++, (_ = 1)))
          : (~l || (o > f ? x-- : o < f && x++), typeof i.type != 'function' && (i.__u |= 4)))
      : (y[a] = null);
  if (_) {
    for (u = [], p = [], a = 0; a < o; a++)
      if ((i = y[a]) && 16 & i.__u) {
        for (x = 0, m = u.length; x < m;) u[(d = (x + m) >> 1)] < i.__i ? (x = d + 1) : (m = d);
        ((u[x] = i.__i), (p[a] = x + 1));
      }
    for (x = u.length; a--;) p[a] && (p[a] == x ? x-- : (y[a].__u |= 4));
  }
  if (h) for (a = 0; a < f; a++) !(s = r[a]) || 2 & s.__u || (s.__e == n && (n = $e(s)), Hr(s, s));
  return n;
}
function no(e, t, r, n) {
  var o, a, i, s;
  if (typeof e.type == 'function') {
    if (e.props.__P) return t;
    if ((o = e.__k)) for (a = 0; a < o.length; a++) o[a] && ((o[a].__ = e), (t = no(o[a], t, r, !1)));
    return t;
  }
  for (
    t && !t.parentNode && (t = $e(e)) && !t.parentNode && (t = null), i = e.__e, s = t;
    s && s.nodeType == 8;
  )
    s = s.nextSibling;
  for (
    i != s && (!n && r.moveBefore && i.parentNode ? r.moveBefore(i, t) : r.insertBefore(i, t || null)), t = i;
    (t = t && t.nextSibling) && t.nodeType == 8 && !t.data.startsWith('$s');
  );
  return t;
}
function _l(e, t, r, n) {
  var o,
    a = e.key,
    i = e.type,
    s = t[r],
    c = s && !(2 & s.__u);
  if ((s === null && a == null) || (c && a == s.key && i == s.type)) return r;
  if (n > (c ? 1 : 0)) {
    for (o = r - 1; o >= 0; o--) if ((s = t[o]) && !(2 & s.__u) && a == s.key && i == s.type) return o;
    for (o = r + 1; o < t.length; o++) if ((s = t[o]) && !(2 & s.__u) && a == s.key && i == s.type) return o;
  }
  return -1;
}
function Xn(e, t, r) {
  (r == null && (r = ''), t[0] == '-' ? e.setProperty(t, r) : (e[t] = r));
}
function or(e, t, r, n, o) {
  var a, i;
  if (t == 'style')
    if (typeof r == 'string') e.style.cssText = r;
    else {
      if ((typeof n == 'string' && (e.style.cssText = n = ''), n))
        for (t in n) (r && t in r) || Xn(e.style, t);
      if (r) for (t in r) (n && r[t] == n[t]) || Xn(e.style, t, r[t]);
    }
  else if (t[0] == 'o' && t[1] == 'n')
    (typeof r != 'function' && (r = null),
      typeof n != 'function' && (n = null),
      ((e.__e || (e.__e = {}))[t] = r),
      (r && n) ||
        ((i = qr[t] || (qr[t] = gl(t))),
        ((e.__a || (e.__a = {}))[t] = Gr),
        (a = t != (t = t.replace(Kn, '$1'))),
        (t = t.slice(2))[0] < 'a' && (t = t.toLowerCase()),
        r ? e.addEventListener(t, i, a) : e.removeEventListener(t, i, a)));
  else {
    if (o == 'http://www.w3.org/2000/svg') t = t.replace(/xlink(H|:h)/, 'h').replace(/sName$/, 's');
    else if (
      t != 'width' &&
      t != 'height' &&
      t != 'href' &&
      t != 'list' &&
      t != 'form' &&
      t != 'tabIndex' &&
      t != 'download' &&
      t != 'rowSpan' &&
      t != 'colSpan' &&
      t != 'role' &&
      t != 'popover' &&
      t in e
    )
      try {
        return void (e[t] = r ?? '');
      } catch {}
    if (typeof r == 'function') return;
    r == null || (r === !1 && t[4] != '-')
      ? e.removeAttribute(t)
      : e.setAttribute(t, t == 'popover' && r == 1 ? '' : r);
  }
}
function gl(e) {
  return function (t) {
    var r = this.__e;
    if (r) {
      if (((r = r[e]), t[ar] == null)) t[ar] = Gr++;
      else if (t[ar] < this.__a[e]) return;
      return r(Z.event ? Z.event(t) : t);
    }
  };
}
function zr(e, t, r, n, o, a, i, s, c, l) {
  var u,
    p,
    m,
    d,
    f,
    h,
    x,
    _,
    y,
    w,
    N,
    g,
    A,
    C,
    v,
    O,
    T,
    I,
    b = t.type;
  if (t.constructor !== Dt) return null;
  (128 & r.__u &&
    ((c = 32 & r.__u), (u = r.__c.__z)) &&
    ((t.__u |= c), (p = a = []), u.nodeType == 8 ? (s = cr(u, a)) : a.push(u), (s = a[0] || s)),
    (u = Z.__b) && u(t));
  e: if (typeof b == 'function') {
    m = i.length;
    try {
      if (
        ((_ = t.props),
        (y = (u = b.prototype) && u.render),
        (w = (u = b.contextType) && n[u.__c]),
        (N = u ? (w ? w.props.value : u.__) : n),
        (d = r.__c)
          ? ((t.__c = d), 2 & d.__g && (d.__g |= 1))
          : (y
              ? (t.__c = d = new b(_, N))
              : ((t.__c = d = new ir(_, N)), (d.constructor = b), (d.render = yl)),
            w && w.sub(d),
            d.state || (d.state = {}),
            (d.__n = n),
            (d.__g |= 8),
            (d.__h = []),
            (d.__k = [])),
        y &&
          (d.__s || (d.__s = d.state),
          b.getDerivedStateFromProps &&
            (d.__s == d.state && (d.__s = ot({}, d.__s)), ot(d.__s, b.getDerivedStateFromProps(_, d.__s)))),
        (f = d.props),
        (h = d.state),
        (d.__v = t),
        r.__c)
      ) {
        if (
          (_ !== f &&
            y &&
            !b.getDerivedStateFromProps &&
            d.componentWillReceiveProps &&
            d.componentWillReceiveProps(_, N),
          (t.__v == r.__v && !(8 & d.__g)) ||
            (!(4 & d.__g) && d.shouldComponentUpdate && d.shouldComponentUpdate(_, d.__s, N) === !1))
        ) {
          (t.__v != r.__v && ((d.props = _), (d.state = d.__s), (d.__g &= -9)),
            (t.__e = r.__e),
            (t.__k = r.__k),
            t.__k.some(function (F) {
              F && (F.__ = t);
            }),
            pr.push.apply(d.__h, d.__k),
            (d.__k = []),
            d.__h.length && i.push(d),
            (s = $e(r)));
          break e;
        }
        (d.componentWillUpdate && d.componentWillUpdate(_, d.__s, N),
          y &&
            d.componentDidUpdate &&
            d.__h.push(function () {
              d.componentDidUpdate(f, h, x);
            }));
      } else
        (y && !b.getDerivedStateFromProps && d.componentWillMount && d.componentWillMount(),
          y && d.componentDidMount && d.__h.push(d.componentDidMount));
      ((d.context = N), (d.props = _), (d.__P = e), (d.__g &= -5), (g = Z.__r), (A = y ? 25 : 0));
      do ((d.__g &= -9), g && g(t), (u = d.render(d.props, (d.state = d.__s), d.context)));
      while (8 & d.__g && ++A < 25);
      (y && (pr.push.apply(d.__h, d.__k), (d.__k = [])),
        (d.state = d.__s),
        d.getChildContext && (n = ot({}, n, d.getChildContext())),
        y && r.__c && d.getSnapshotBeforeUpdate && (x = d.getSnapshotBeforeUpdate(f, h)),
        (C = u && u.type === ke && u.key == null ? u.props.children : u),
        _.__P &&
          ((u = s),
          (o = (e = _.__P).namespaceURI),
          (c = a = null),
          r.props &&
            r.props.__P != e &&
            (r.__k.some(function (F) {
              F && Hr(F, F);
            }),
            (r.__k = null)),
          (s = r.__k ? $e(r, 0) : null)),
        (s = ro(e, jr(C) ? C : [C], t, r, n, o, a, i, s, c, l)),
        _.__P && ((t.__e = null), (s = u)),
        (t.__u &= -161),
        p && p.some(nt),
        d.__h.length && i.push(d),
        1 & d.__g && (d.__g &= -4));
    } catch (F) {
      if (((i.length = m), (t.__v = null), c || a))
        if (F && F.then) {
          if (((t.__u |= 128 | c), a)) {
            for (~(T = a.indexOf(s || void 0)) || (T = a.length); (I = a[T - 1]) && I.nodeType == 8;) T--;
            for (; T < a.length; T++)
              if ((I = a[T]))
                if (((a[T] = null), v)) {
                  if (I == O) break;
                } else {
                  if (I.nodeType != 8) break;
                  I.data.startsWith('$s') && (O = cr((v = I)));
                }
          }
          if (!v) {
            for (; s && s.nodeType == 8 && s.nextSibling;) s = s.nextSibling;
            v = s;
          }
          ((u = cr((v = t.__c.__z || (t.__c.__z = v)))) ? ((t.__e = v), (s = u)) : (t.__e = s),
            (s = s && s.nextSibling));
        } else a && a.some(nt);
      else t.__e = r.__e;
      (t.__k || (t.__k = r.__k || []), (F && F.then) || oo(t), Z.__e(F, t, r));
    }
  } else s = t.__e = vl(r.__e, t, r, n, o, a, i, c, l, e);
  return ((u = Z.diffed) && u(t), s);
}
function cr(e, t) {
  if (e && e.nodeType == 8 && e.data.startsWith('$s'))
    for (var r = 1; (e = e.nextSibling);) {
      if (e.nodeType == 8) {
        if (e.data.startsWith('$s')) r++;
        else if (e.data.startsWith('/$s') && !--r) return e;
      }
      t && t.push(e);
    }
}
function oo(e) {
  e && (e.__c && (e.__c.__g |= 4), e.__k && e.__k.some(oo));
}
function ao(e, t, r) {
  for (var n = 0; n < r.length;) Yr(r[n++], r[n++], r[n++]);
  (Z.__c && Z.__c(t, e),
    e.some(function (o) {
      try {
        ((e = o.__h),
          (o.__h = []),
          e.some(function (a) {
            a.call(o);
          }));
      } catch (a) {
        Z.__e(a, o.__v);
      }
    }));
}
function vl(e, t, r, n, o, a, i, s, c, l) {
  var u,
    p,
    m,
    d,
    f,
    h,
    x,
    _,
    y = r.props || lr,
    w = t.props,
    N = t.type;
  if (
    (N == 'svg'
      ? (o = 'http://www.w3.org/2000/svg')
      : N == 'math'
        ? (o = 'http://www.w3.org/1998/Math/MathML')
        : o || (o = 'http://www.w3.org/1999/xhtml'),
    a)
  ) {
    for (u = 0; u < a.length; u++)
      if ((f = a[u]) && (N ? f.localName == N : f.nodeType == 3)) {
        ((e = f), (a[u] = null));
        break;
      }
  }
  if (!e) {
    if (((_ = l.ownerDocument || document), !N)) return _.createTextNode(w);
    ((e = _.createElementNS(o, N, w.is ? w : l)), s && (Z.__m && Z.__m(t, a), (s = !1)), (a = null));
  }
  if (N) {
    if (
      ((l = (N == 'template' && e.content) || e),
      (a = N == 'textarea' && w.defaultValue != null ? null : a && Jn.call(l.childNodes)),
      !s && a)
    )
      for (y = {}, u = 0; u < e.attributes.length; u++) y[(f = e.attributes[u]).name] = f.value;
    for (u in y)
      ((f = y[u]),
        u == 'dangerouslySetInnerHTML'
          ? (m = f)
          : u == 'children' ||
            u in w ||
            (u == 'value' && 'defaultValue' in w) ||
            (u == 'checked' && 'defaultChecked' in w) ||
            or(e, u, null, f, o));
    for (u in w)
      ((f = w[u]),
        u == 'children'
          ? (d = f)
          : u == 'dangerouslySetInnerHTML'
            ? (p = f)
            : u == 'value'
              ? (h = f)
              : u == 'checked'
                ? (x = f)
                : (s && typeof f != 'function') || y[u] === f || or(e, u, f, y[u], o));
    (p
      ? (s || (m && (p.__html == m.__html || p.__html == e.innerHTML)) || (e.innerHTML = p.__html),
        (t.__k = []))
      : (m && (e.textContent = ''),
        (N == 'foreignObject' || (o == 'http://www.w3.org/1998/Math/MathML' && ml.test(N))) &&
          (o = 'http://www.w3.org/1999/xhtml'),
        ro(l, jr(d) ? d : [d], t, r, n, o, a, i, a ? a[0] : r.__k && $e(r, 0), s, c),
        a && a.some(nt)),
      (s && N != 'textarea') ||
        ((u = 'value'),
        N == 'progress' && h == null
          ? e.removeAttribute(u)
          : h == null || (h === e[u] && (N != 'progress' || h)) || or(e, u, h, y[u], o),
        (u = 'checked'),
        x != null && x != e[u] && or(e, u, x, y[u], o)));
  } else y === w || (s && e.data == w) || (e.data = w);
  return e;
}
function Yr(e, t, r, n) {
  try {
    typeof e == 'function'
      ? t
        ? (t.__x = e(t) || 1)
        : n && (n = n.__c || n.__e) && (t = n.__x) && ((n.__x = null), typeof t == 'function' ? t() : e(null))
      : (e.current = t);
  } catch (o) {
    Z.__e(o, r);
  }
}
function Hr(e, t, r) {
  var n, o, a, i;
  if (
    (Z.unmount && Z.unmount(e),
    !(n = e.ref) || (n.current && n.current != e.__e) || Yr(n, null, t, e),
    (n = e.__c))
  ) {
    if (n.componentWillUnmount)
      try {
        n.componentWillUnmount();
      } catch (s) {
        Z.__e(s, t);
      }
    n.__P = n.__n = null;
  }
  if ((n = e.__k))
    for (i = 0; i < n.length; i++) n[i] && Hr(n[i], t, typeof e.type != 'function' || (r && !e.props.__P));
  (!r && (n = e.__c) && (n = n.__z) && (o = cr(n, (a = []))) && (n == e.__e && a.some(nt), nt(o), nt(n)),
    r || nt(e.__e),
    (e.__e = e.__c = e.__ = null));
}
function yl(e, t, r) {
  return this.constructor(e, r);
}
function so(e, t) {
  var r, n, o, a;
  (Z.__ && Z.__(e, t),
    t.nodeType == 9 && (t = t.documentElement),
    (n = (r = e && 32 & e.__u) ? null : t.__k),
    (t.__k = sr(ke, { children: [e] })),
    (o = []),
    (a = []),
    zr(
      t,
      t.__k,
      n || lr,
      lr,
      t.namespaceURI,
      n ? null : t.firstChild ? Jn.call(t.childNodes) : null,
      o,
      n ? n.__e : t.firstChild,
      r,
      a,
    ),
    ao(o, t.__k, a),
    (t.__k.props.children = null));
}
((Z = {
  __e: function (e, t, r, n) {
    for (var o, a, i; (t = t.__);)
      if ((o = t.__c) && !(1 & o.__g)) {
        o.__g |= 4;
        try {
          if (
            ((i = (a = o.constructor) && a.getDerivedStateFromError) &&
              o.setState(a.getDerivedStateFromError(e)),
            o.componentDidCatch && (o.componentDidCatch(e, n || {}), (i = 1)),
            i && 8 & o.__g)
          )
            return void (o.__g |= 2);
        } catch (s) {
          e = s;
        }
      }
    throw ((ur = 0), e);
  },
}),
  (Zn = 0),
  (dl = function (e) {
    return e != null && e.constructor === Dt;
  }),
  (ir.prototype.setState = function (e, t) {
    var r = this.__s;
    ((r && r != this.state) || (r = this.__s = ot({}, this.state)),
      typeof e == 'function' && (e = e(ot({}, r), this.props)),
      e && (ot(r, e), this.__v && (t && this.__k.push(t), $n(this))));
  }),
  (ir.prototype.forceUpdate = function (e) {
    this.__v && ((this.__g |= 4), e && this.__h.push(e), $n(this));
  }),
  (ir.prototype.render = ke),
  (He = []),
  (ur = 0),
  (Qn = function (e, t) {
    return e.__v.__b - t.__v.__b;
  }),
  (ar = Symbol()),
  (Kn = /(PointerCapture)$|Capture$/i),
  (Gr = 0),
  (qr = {}),
  (fl = 0));
var Lt,
  fe,
  $r,
  io,
  Xr = Object.is,
  Wt = 0,
  _o = [],
  Zr = [],
  le = Z,
  co = le.__b,
  uo = le.__r,
  lo = le.diffed,
  po = le.__c,
  fo = le.unmount,
  mo = le.__;
function Kr(e, t) {
  (le.__h && le.__h(fe, e, Wt || t), (Wt = 0));
  var r = fe.__H || (fe.__H = { __: [], __h: [] });
  return (e >= r.__.length && r.__.push({}), r.__[e]);
}
function Q(e) {
  return ((Wt = 1), Nl(No, e));
}
function Nl(e, t, r) {
  var n = Kr(Lt++, 2);
  if (
    ((n.t = e),
    !n.__c &&
      ((n.__ = [
        r ? r(t) : No(void 0, t),
        function (a) {
          var i = (n.__N || n.__)[0],
            s = n.t(i, a);
          Xr(i, s) || ((n.__N = [s, n.__[1]]), n.__c.setState({}));
        },
      ]),
      (n.__c = fe),
      !fe.__f))
  ) {
    fe.__f = !0;
    var o = fe.shouldComponentUpdate;
    fe.shouldComponentUpdate = function (a, i, s) {
      var c = this.__H;
      if (!c) return !0;
      var l = !1,
        u = this.props != a;
      if (
        (c.__.some(function (m) {
          m.__N && ((l = !0), Xr(m.__[0], m.__N[0]) || (u = !0));
        }),
        o)
      ) {
        var p = o.call(this, a, i, s);
        return l ? p || u : p;
      }
      return !l || u;
    };
  }
  return n.__;
}
function ve(e, t) {
  var r = Kr(Lt++, 3);
  !le.__s && yo(r.__H, t) && ((r.__P = !0), (r.__ = e), (r.u = t), fe.__H.__h.push(r));
}
function go(e) {
  return (
    (Wt = 5),
    dr(function () {
      return { current: e };
    }, [])
  );
}
function dr(e, t) {
  var r = Kr(Lt++, 7);
  return (yo(r.__H, t) && ((r.__ = e()), (r.__H = t)), r.__);
}
function vo(e, t) {
  return (
    (Wt = 8),
    dr(function () {
      return e;
    }, t)
  );
}
function Cl() {
  var e;
  do {
    for (; (e = Zr.shift());)
      try {
        Ft(e);
      } catch (r) {
        le.__e(r, { __: (e = e.__P) && e.__v });
      }
    for (; (e = _o.shift());) {
      var t = e.__H;
      if (e.__P && t)
        try {
          (t.__h.some(Ft), t.__h.some(Qr), (t.__h = []));
        } catch (r) {
          ((t.__h = []), le.__e(r, e.__v));
        }
    }
  } while (Zr.length);
}
((le.__b = function (e) {
  ((fe = null), co && co(e));
}),
  (le.__ = function (e, t) {
    (e && t.__k && t.__k.__m && (e.__m = t.__k.__m), mo && mo(e, t));
  }),
  (le.__r = function (e) {
    (uo && uo(e), (Lt = 0));
    var t = (fe = e.__c).__H;
    (t &&
      ($r == fe ? (fe.__h = []) : (t.__h.some(Ft), t.__h.some(Qr), (Lt = 0)),
      (t.__h = []),
      t.__.some(function (r) {
        (r.__N && (r.__ = r.__N), (r.u = r.__N = void 0));
      })),
      ($r = fe));
  }),
  (le.diffed = function (e) {
    lo && lo(e);
    var t = e.__c;
    (t &&
      t.__H &&
      (t.__H.__h.length && xo(_o.push(t)),
      t.__H.__.some(function (r) {
        r.u && (r.__H = r.u);
      })),
      ($r = fe = null));
  }),
  (le.__c = function (e, t) {
    (t.some(function (r) {
      try {
        (r.__h.some(Ft),
          (r.__h = r.__h.filter(function (n) {
            return !n.__ || Qr(n);
          })));
      } catch (n) {
        r.__h = [
          function () {
            throw n;
          },
        ];
      }
    }),
      po && po(e, t));
  }),
  (le.unmount = function (e) {
    fo && fo(e);
    var t,
      r,
      n = e.__c;
    n &&
      n.__H &&
      (n.__H.__.some(function (o) {
        try {
          if (o.__P && o.__c) {
            if (r === void 0) {
              for (r = e.__; r && (!r.__c || !r.__c.__P);) r = r.__;
              r = r && r.__c;
            }
            ((o.__P = r), xo(Zr.push(o)));
          } else Ft(o);
        } catch (a) {
          t = a;
        }
      }),
      (n.__H = void 0),
      t && le.__e(t, n.__v));
  }));
var ho = typeof requestAnimationFrame == 'function';
function Al(e) {
  var t,
    r = function () {
      (clearTimeout(n), ho && cancelAnimationFrame(t), setTimeout(e));
    },
    n = setTimeout(r, 35);
  ho && (t = requestAnimationFrame(r));
}
function xo(e) {
  (e != 1 && io == le.requestAnimationFrame) || ((io = le.requestAnimationFrame) || Al)(Cl);
}
function Ft(e) {
  var t = fe,
    r = e.__c;
  (typeof r == 'function' && ((e.__c = void 0), r()), (fe = t));
}
function Qr(e) {
  var t = fe;
  ((e.__c = e.__()), (fe = t));
}
function yo(e, t) {
  return (
    !e ||
    e.length != t.length ||
    t.some(function (r, n) {
      return !Xr(r, e[n]);
    })
  );
}
function No(e, t) {
  return typeof t == 'function' ? t(e) : t;
}
var wl = { code: 'OFFLINE', details: {}, retryAfterSeconds: null },
  Co = (e) => {
    let t = `/consent-requests/${encodeURIComponent(e)}`,
      r = async (n, o, a) => {
        let i;
        try {
          i = await fetch(`${t}${o}`, {
            method: n,
            headers: a === void 0 || a instanceof FormData ? {} : { 'content-type': 'application/json' },
            body: a === void 0 ? null : a instanceof FormData ? a : JSON.stringify(a),
            cache: 'no-store',
          });
        } catch {
          return { ok: !1, refusal: wl };
        }
        let s = await i.json().catch(() => null);
        if (i.ok && s?.success === !0) return { ok: !0, data: s.data };
        let c = Number(i.headers.get('retry-after'));
        return {
          ok: !1,
          refusal: {
            code: s?.error?.code ?? (i.status >= 500 ? 'OFFLINE' : 'UNKNOWN'),
            details: s?.error?.details ?? {},
            retryAfterSeconds: Number.isFinite(c) && c > 0 ? c : null,
          },
        };
      };
    return {
      page: () => r('GET', ''),
      protection: () => r('GET', '/protection'),
      evidence: (n, o) => {
        let a = new FormData();
        return (
          a.append('selfie', n, 'selfie.jpg'),
          a.append('audio', o, 'audio.wav'),
          r('POST', '/evidence', a)
        );
      },
      accept: () => r('POST', '/accept', {}),
      decline: () => r('POST', '/decline', {}),
      stop: () => r('POST', '/stop', {}),
      pairing: () => r('GET', '/pairing'),
      startPairing: () => r('POST', '/pairing', {}),
      answerPasskey: (n) => r('POST', '/pairing/passkey', { matches: n }),
      eventsUrl: `${t}/events`,
    };
  };
var El = Symbol.for('pv'),
  bl = 0;
function k(e, t, r, n, o, a) {
  t || (t = {});
  var i,
    s,
    c = t;
  if ('ref' in c && typeof e != 'function') for (s in ((c = {}), t)) s == 'ref' ? (i = t[s]) : (c[s] = t[s]);
  var l = {
    type: e,
    props: c,
    key: r,
    ref: i,
    __k: null,
    __: null,
    __b: 0,
    __e: null,
    __c: null,
    constructor: El,
    __v: --bl,
    __i: -1,
    __u: 0,
  };
  return ((o || a) && ((l.__source = o), (l.__self = a)), Z.vnode && Z.vnode(l), l);
}
var Jr = (e, t) => {
    let { code: r, details: n } = t,
      o = e.errors;
    switch (r) {
      case 'SELFIE_NO_FACE':
        return o.SELFIE_NO_FACE(typeof n.faces == 'number' ? n.faces : null);
      case 'AUDIO_PHRASE_MISMATCH':
        return o.AUDIO_PHRASE_MISMATCH(Array.isArray(n.missing) ? n.missing.map(String) : []);
      case 'RATE_LIMITED': {
        let a = n.retryAfterSeconds;
        return o.RATE_LIMITED(typeof a == 'number' ? a : t.retryAfterSeconds);
      }
      case 'CONSENT_EXPIRED':
        return e.deadEnd.expired;
      case 'NOT_FOUND':
        return e.deadEnd.notFound;
      case 'PROTECTION_LINK_REPLACED':
        return e.deadEnd.replaced;
      case 'OFFLINE':
        return e.deadEnd.offline;
      case 'AUDIO_UNINTELLIGIBLE':
      case 'EVIDENCE_VERIFICATION_UNAVAILABLE':
      case 'EVIDENCE_REQUIRED':
      case 'CONSENT_ALREADY_GIVEN':
      case 'SEAT_NOT_ACTIVE':
      case 'CHANNEL_NOT_ENABLED':
      case 'NO_PROXY_CAPACITY':
      case 'PAIRING_NOT_AWAITING_CONFIRMATION':
        return o[r];
      default:
        return o.other;
    }
  },
  Xe = (e) =>
    e.refusal === null
      ? null
      : k('p', {
          class: 'refusal',
          role: 'alert',
          'data-testid': e.testId,
          'data-code': e.refusal.code,
          children: Jr(e.words, e.refusal),
        });
var Ao = (e) => {
    let { words: t, api: r } = e,
      [n, o] = Q(!1),
      [a, i] = Q(null),
      s = async (c) => {
        o(!0);
        let l = c ? await r.accept() : await r.decline();
        if ((o(!1), l.ok)) return c ? e.onAccepted() : e.onDeclined();
        if (l.refusal.code === 'EVIDENCE_REQUIRED') return e.onEvidenceMissing();
        i(l.refusal);
      };
    return k('section', {
      'aria-labelledby': 'decision-heading',
      children: [
        k('p', { role: 'status', children: t.evidence.verified }),
        k('h1', { id: 'decision-heading', children: t.decision.heading }),
        k(Xe, { words: t, refusal: a, testId: 'decision-error' }),
        k('div', {
          class: 'choices',
          children: [
            k('button', {
              type: 'button',
              class: 'primary',
              'data-testid': 'accept',
              disabled: n,
              onClick: () => {
                s(!0);
              },
              children: t.decision.accept,
            }),
            k('button', {
              type: 'button',
              'data-testid': 'decline',
              disabled: n,
              onClick: () => {
                s(!1);
              },
              children: t.decision.decline,
            }),
          ],
        }),
      ],
    });
  },
  wo = (e) =>
    k('section', {
      'aria-labelledby': 'declined-heading',
      children: k('h1', {
        id: 'declined-heading',
        'data-testid': 'declined',
        children: e.words.decision.declined,
      }),
    });
var Eo = (e) => {
  let { words: t, refusal: r } = e,
    n = ['CONSENT_EXPIRED', 'NOT_FOUND', 'PROTECTION_LINK_REPLACED'].includes(r.code);
  return k('section', {
    'aria-labelledby': 'dead-end-heading',
    children: [
      k('h1', {
        id: 'dead-end-heading',
        'data-testid': r.code === 'CONSENT_EXPIRED' ? 'link-expired' : 'dead-end',
        'data-code': r.code,
        children: Jr(t, r),
      }),
      !n && k('button', { type: 'button', class: 'primary', onClick: e.onRetry, children: t.deadEnd.retry }),
    ],
  });
};
var Sl = 3e3,
  bo = (e, t) => {
    let [r, n] = Q(!1);
    return (
      ve(() => {
        let o = null,
          a,
          i = () => {
            ((o = new EventSource(e)),
              o.addEventListener('open', () => {
                (n(!0), t());
              }),
              o.addEventListener('event', t),
              o.addEventListener('error', () => {
                (n(!1), o?.readyState === EventSource.CLOSED && (a = setTimeout(i, Sl)));
              }));
          };
        return (
          i(),
          () => {
            (clearTimeout(a), o?.close());
          }
        );
      }, [e]),
      r
    );
  },
  So = (e) => {
    let [t, r] = Q(Date.now());
    return (
      ve(() => {
        if (e === null) return;
        let n = setInterval(() => r(Date.now()), 1e3);
        return () => clearInterval(n);
      }, [e]),
      e === null ? null : Math.max(0, Math.round((Date.parse(e) - t) / 1e3))
    );
  },
  To = (e) => {
    let [t, r] = Q(Date.now());
    return (
      ve(() => {
        if (e === null) return;
        r(Date.now());
        let n = setInterval(() => r(Date.now()), 250);
        return () => clearInterval(n);
      }, [e]),
      e === null ? null : Math.max(0, Math.floor((t - e) / 1e3))
    );
  };
var Po = rt(Bt());
var Mo = (e, t, r, n) => (o) => {
  let a = t(o);
  return (i) => {
    let s = e(i);
    (i.addEventListener('message', ({ data: p }) => {
      let { id: m } = p;
      if (m !== null && s.has(m)) {
        let { reject: d, resolve: f } = s.get(m);
        (s.delete(m), p.error === void 0 ? f(p.result) : d(new Error(p.error.message)));
      }
    }),
      n(i) && i.start());
    let c = (p, m = null, d = []) =>
        new Promise((f, h) => {
          let x = r(s);
          (s.set(x, { reject: h, resolve: f }),
            m === null
              ? i.postMessage({ id: x, method: p }, d)
              : i.postMessage({ id: x, method: p, params: m }, d));
        }),
      l = (p, m, d = []) => {
        i.postMessage({ id: null, method: p, params: m }, d);
      },
      u = {};
    for (let [p, m] of Object.entries(a)) u = { ...u, [p]: m({ call: c, notify: l }) };
    return { ...u };
  };
};
var Oo = (e) => (t) => {
  if (e.has(t)) return e.get(t);
  let r = new Map();
  return (e.set(t, r), r);
};
var ko = (e) => (t) => ({
  ...t,
  connect:
    ({ call: r }) =>
    async () => {
      let { port1: n, port2: o } = new MessageChannel(),
        a = await r('connect', { port: n }, [n]);
      return (e.set(o, a), o);
    },
  disconnect:
    ({ call: r }) =>
    async (n) => {
      let o = e.get(n);
      if (o === void 0) throw new Error('The given port is not connected.');
      await r('disconnect', { portId: o });
    },
  isSupported:
    ({ call: r }) =>
    () =>
      r('isSupported'),
});
var Ro = (e) => typeof e.start == 'function';
var mr = Mo(Oo(new WeakMap()), ko(new WeakMap()), Po.generateUniqueNumber, Ro);
var tn = rt(Bt());
var en = new Set(),
  Do = new Set(),
  Ut = new WeakMap(),
  Tl = mr({
    deregister:
      ({ call: e }) =>
      async (t) => {
        let r = Ut.get(t);
        if (r === void 0) throw new Error('There is no encoder registered with the given port.');
        let n = await e('deregister', { encoderId: r });
        return (en.delete(r), Ut.delete(t), n);
      },
    encode:
      ({ call: e }) =>
      async (t, r) => {
        let n = await e('encode', { encoderInstanceId: t, timeslice: r });
        return (Do.delete(t), n);
      },
    instantiate:
      ({ call: e }) =>
      async (t, r) => {
        let n = (0, tn.addUniqueNumber)(Do),
          o = await e('instantiate', { encoderInstanceId: n, mimeType: t, sampleRate: r });
        return { encoderInstanceId: n, port: o };
      },
    register:
      ({ call: e }) =>
      async (t) => {
        if (Ut.has(t)) throw new Error('');
        let r = (0, tn.addUniqueNumber)(en);
        Ut.set(t, r);
        try {
          return await e('register', { encoderId: r, port: t }, [t]);
        } catch (n) {
          throw (en.delete(r), Ut.delete(t), n);
        }
      },
  }),
  Fo = (e) => {
    let t = new Worker(e);
    return Tl(t);
  };
var Lo = `(()=>{var e={455(e,t){!function(e){"use strict";var t=function(e){return function(t){var r=e(t);return t.add(r),r}},r=function(e){return function(t,r){return e.set(t,r),r}},n=void 0===Number.MAX_SAFE_INTEGER?9007199254740991:Number.MAX_SAFE_INTEGER,o=536870912,s=2*o,a=function(e,t){return function(r){var a=t.get(r),c=void 0===a?r.size:a<s?a+1:0;if(!r.has(c))return e(r,c);if(r.size<o){for(;r.has(c);)c=Math.floor(Math.random()*s);return e(r,c)}if(r.size>n)throw new Error("Congratulations, you created a collection of unique numbers which uses all available integers!");for(;r.has(c);)c=Math.floor(Math.random()*n);return e(r,c)}},c=new WeakMap,i=r(c),d=a(i,c),l=t(d);e.addUniqueNumber=l,e.generateUniqueNumber=d}(t)}};const t={};function r(n){const o=t[n];if(void 0!==o)return o.exports;const s=t[n]={exports:{}};return e[n].call(s.exports,s,s.exports,r),s.exports}(()=>{"use strict";var e=r(455);const t=((e,t,r,n)=>o=>{const s=t(o);return t=>{const o=e(t);t.addEventListener("message",({data:e})=>{const{id:t}=e;if(null!==t&&o.has(t)){const{reject:r,resolve:n}=o.get(t);o.delete(t),void 0===e.error?n(e.result):r(new Error(e.error.message))}}),n(t)&&t.start();const a=(e,n=null,s=[])=>new Promise((a,c)=>{const i=r(o);o.set(i,{reject:c,resolve:a}),null===n?t.postMessage({id:i,method:e},s):t.postMessage({id:i,method:e,params:n},s)}),c=(e,r,n=[])=>{t.postMessage({id:null,method:e,params:r},n)};let i={};for(const[e,t]of Object.entries(s))i={...i,[e]:t({call:a,notify:c})};return{...i}}})((o=new WeakMap,e=>{if(o.has(e))return o.get(e);const t=new Map;return o.set(e,t),t}),(n=new WeakMap,e=>({...e,connect:({call:e})=>async()=>{const{port1:t,port2:r}=new MessageChannel,o=await e("connect",{port:t},[t]);return n.set(r,o),r},disconnect:({call:e})=>async t=>{const r=n.get(t);if(void 0===r)throw new Error("The given port is not connected.");await e("disconnect",{portId:r})},isSupported:({call:e})=>()=>e("isSupported")})),e.generateUniqueNumber,e=>"function"==typeof e.start);var n,o;const s=t({characterize:({call:e})=>()=>e("characterize"),encode:({call:e})=>(t,r)=>e("encode",{recordingId:t,timeslice:r}),record:({call:e})=>async(t,r,n)=>{await e("record",{recordingId:t,sampleRate:r,typedArrays:n},n.map(({buffer:e})=>e).filter(e=>e instanceof ArrayBuffer))}}),a=-32603,c=-32602,i=-32601,d=(e,t)=>Object.assign(new Error(e),{status:t}),l=e=>d('The handler of the method called "'.concat(e,'" returned an unexpected result.'),a),u=(e,t)=>async({data:{id:r,method:n,params:o}})=>{const s=t[n];try{if(void 0===s)throw(e=>d('The requested method called "'.concat(e,'" is not supported.'),i))(n);const t=void 0===o?s():s(o);if(void 0===t)throw(e=>d('The handler of the method called "'.concat(e,'" returned no required result.'),a))(n);const c=t instanceof Promise?await t:t;if(null===r){if(void 0!==c.result)throw l(n)}else{if(void 0===c.result)throw l(n);const{result:t,transferables:o=[]}=c;e.postMessage({id:r,result:t},o)}}catch(t){const{message:n,status:o=-32603}=t;e.postMessage({error:{code:o,message:n},id:r})}},h=new Map,f=(t,r,n)=>({...r,connect:({port:n})=>{n.start();const o=t(n,r),s=(0,e.generateUniqueNumber)(h);return h.set(s,()=>{o(),n.close(),h.delete(s)}),{result:s}},disconnect:({portId:e})=>{const t=h.get(e);if(void 0===t)throw(e=>d('The specified parameter called "portId" with the given value "'.concat(e,'" does not identify a port connected to this worker.'),c))(e);return t(),{result:null}},isSupported:async()=>{if(await new Promise(e=>{const t=new ArrayBuffer(0),{port1:r,port2:n}=new MessageChannel;r.onmessage=({data:t})=>e(null!==t),n.postMessage(t,[t])})){const e=n();return{result:e instanceof Promise?await e:e}}return{result:!1}}}),w=(e,t,r=()=>!0)=>{const n=f(w,t,r),o=u(e,n);return e.addEventListener("message",o),()=>e.removeEventListener("message",o)},p=e=>{e.onmessage=null,e.close()},m=new Map,g=new Map,v=((e,t)=>r=>{const n=t.get(r);if(void 0===n)throw new Error("There was no encoder stored with the given id.");e.delete(n),t.delete(r)})(m,g),y=new Map,M=(e=>t=>{const r=e.get(t);if(void 0===r)throw new Error("There was no instance of an encoder stored with the given id.");return r})(y),E=((e,t)=>r=>{const n=t(r);return e.delete(r),n})(y,M),b=((e,t)=>r=>{const[n,o,s,a]=t(r);return s?new Promise(t=>{o.onmessage=({data:s})=>{0===s.length?(e(o),t(n.encode(r,null))):n.record(r,a,s)}}):n.encode(r,null)})(p,E),T=(e=>t=>{for(const[r,n]of Array.from(e.values()))if(r.test(t))return n;throw new Error("There is no encoder registered which could handle the given mimeType.")})(m),I=((e,t,r)=>(n,o,s)=>{if(t.has(n))throw new Error('There is already an encoder instance registered with an id called "'.concat(n,'".'));const a=r(o),{port1:c,port2:i}=new MessageChannel,d=[a,c,!0,s];return t.set(n,d),c.onmessage=({data:t})=>{0===t.length?(e(c),d[2]=!1):a.record(n,s,t.map(e=>"number"==typeof e?new Float32Array(e):e))},i})(p,y,T),A=((e,t,r)=>async(n,o)=>{const s=r(o),a=await s.characterize(),c=a.toString();if(e.has(c))throw new Error("There is already an encoder stored which handles exactly the same mime types.");if(t.has(n))throw new Error('There is already an encoder registered with an id called "'.concat(n,'".'));return e.set(c,[a,s]),t.set(n,c),a})(m,g,s),N=(e=>(t,r)=>{const[n]=e(t);return n.encode(t,r)})(M);w(self,{deregister:async({encoderId:e})=>(v(e),{result:null}),encode:async({encoderInstanceId:e,timeslice:t})=>{const r=null===t?await b(e):await N(e,t);return{result:r,transferables:r}},instantiate:({encoderInstanceId:e,mimeType:t,sampleRate:r})=>{const n=I(e,t,r);return{result:n,transferables:[n]}},register:async({encoderId:e,port:t})=>({result:await A(e,t)})})})()})();`;
var Il = new Blob([Lo], { type: 'application/javascript; charset=utf-8' }),
  Wo = URL.createObjectURL(Il),
  at = Fo(Wo),
  zf = at.connect,
  Ml = at.deregister,
  Yf = at.disconnect,
  ft = at.encode,
  hr = at.instantiate,
  Hf = at.isSupported,
  Bo = at.register;
URL.revokeObjectURL(Wo);
var Uo = (e) => (t, r) => {
  if (e === null) throw new Error('A native BlobEvent could not be created.');
  return new e(t, r);
};
var Vo = (e, t) => (r, n, o) => {
  let a = [],
    i = n,
    s = 0;
  for (; s < r.byteLength;)
    if (i === null) {
      let c = t(r, s);
      if (c === null) break;
      let { length: l, type: u } = c;
      ((i = u), (s += l));
    } else {
      let c = e(r, s, i, o);
      if (c === null) break;
      let { content: l, length: u } = c;
      ((i = null), (s += u), l !== null && a.push(l));
    }
  return { contents: a, currentElementType: i, offset: s };
};
var qo = (e, t) =>
  class {
    constructor(n = null) {
      ((this._listeners = new WeakMap()), (this._nativeEventTarget = n === null ? e() : n));
    }
    addEventListener(n, o, a) {
      if (o !== null) {
        let i = this._listeners.get(o);
        (i === void 0 && ((i = t(this, o)), typeof o == 'function' && this._listeners.set(o, i)),
          this._nativeEventTarget.addEventListener(n, i, a));
      }
    }
    dispatchEvent(n) {
      return this._nativeEventTarget.dispatchEvent(n);
    }
    removeEventListener(n, o, a) {
      let i = o === null ? void 0 : this._listeners.get(o);
      this._nativeEventTarget.removeEventListener(n, i === void 0 ? null : i, a);
    }
  };
var Go = (e) => () => {
  if (e === null) throw new Error('A native EventTarget could not be created.');
  return e.document.createElement('p');
};
var jo = (e = '') => {
  try {
    return new DOMException(e, 'InvalidModificationError');
  } catch (t) {
    return ((t.code = 13), (t.message = e), (t.name = 'InvalidModificationError'), t);
  }
};
var zo = () => {
  try {
    return new DOMException('', 'InvalidStateError');
  } catch (e) {
    return ((e.code = 11), (e.name = 'InvalidStateError'), e);
  }
};
var Yo = (e, t, r, n, o, a, i) =>
  class extends a {
    constructor(c, l = {}) {
      let { mimeType: u } = l;
      if (i !== null && (u === void 0 || (i.isTypeSupported !== void 0 && i.isTypeSupported(u)))) {
        let p = e(i, c, l);
        (super(p), (this._internalMediaRecorder = p));
      } else if (u !== void 0 && o.some((p) => p.test(u)))
        (super(),
          i !== null && i.isTypeSupported !== void 0 && i.isTypeSupported('audio/webm; codecs=pcm')
            ? (this._internalMediaRecorder = n(this, i, c, u))
            : (this._internalMediaRecorder = r(this, c, u)));
      else throw (i !== null && e(i, c, l), t());
      ((this._ondataavailable = null),
        (this._onerror = null),
        (this._onpause = null),
        (this._onresume = null),
        (this._onstart = null),
        (this._onstop = null));
    }
    get mimeType() {
      return this._internalMediaRecorder.mimeType;
    }
    get ondataavailable() {
      return this._ondataavailable === null ? this._ondataavailable : this._ondataavailable[0];
    }
    set ondataavailable(c) {
      if (
        (this._ondataavailable !== null &&
          this.removeEventListener('dataavailable', this._ondataavailable[1]),
        typeof c == 'function')
      ) {
        let l = c.bind(this);
        (this.addEventListener('dataavailable', l), (this._ondataavailable = [c, l]));
      } else this._ondataavailable = null;
    }
    get onerror() {
      return this._onerror === null ? this._onerror : this._onerror[0];
    }
    set onerror(c) {
      if (
        (this._onerror !== null && this.removeEventListener('error', this._onerror[1]),
        typeof c == 'function')
      ) {
        let l = c.bind(this);
        (this.addEventListener('error', l), (this._onerror = [c, l]));
      } else this._onerror = null;
    }
    get onpause() {
      return this._onpause === null ? this._onpause : this._onpause[0];
    }
    set onpause(c) {
      if (
        (this._onpause !== null && this.removeEventListener('pause', this._onpause[1]),
        typeof c == 'function')
      ) {
        let l = c.bind(this);
        (this.addEventListener('pause', l), (this._onpause = [c, l]));
      } else this._onpause = null;
    }
    get onresume() {
      return this._onresume === null ? this._onresume : this._onresume[0];
    }
    set onresume(c) {
      if (
        (this._onresume !== null && this.removeEventListener('resume', this._onresume[1]),
        typeof c == 'function')
      ) {
        let l = c.bind(this);
        (this.addEventListener('resume', l), (this._onresume = [c, l]));
      } else this._onresume = null;
    }
    get onstart() {
      return this._onstart === null ? this._onstart : this._onstart[0];
    }
    set onstart(c) {
      if (
        (this._onstart !== null && this.removeEventListener('start', this._onstart[1]),
        typeof c == 'function')
      ) {
        let l = c.bind(this);
        (this.addEventListener('start', l), (this._onstart = [c, l]));
      } else this._onstart = null;
    }
    get onstop() {
      return this._onstop === null ? this._onstop : this._onstop[0];
    }
    set onstop(c) {
      if (
        (this._onstop !== null && this.removeEventListener('stop', this._onstop[1]), typeof c == 'function')
      ) {
        let l = c.bind(this);
        (this.addEventListener('stop', l), (this._onstop = [c, l]));
      } else this._onstop = null;
    }
    get state() {
      return this._internalMediaRecorder.state;
    }
    pause() {
      return this._internalMediaRecorder.pause();
    }
    resume() {
      return this._internalMediaRecorder.resume();
    }
    start(c) {
      return this._internalMediaRecorder.start(c);
    }
    stop() {
      return this._internalMediaRecorder.stop();
    }
    static isTypeSupported(c) {
      return (i !== null && i.isTypeSupported !== void 0 && i.isTypeSupported(c)) || o.some((l) => l.test(c));
    }
  };
var Ho = (e) => (e !== null && e.BlobEvent !== void 0 ? e.BlobEvent : null);
var $o = (e) => (e === null || e.MediaRecorder === void 0 ? null : e.MediaRecorder);
var Xo = (e) => (t, r, n) => {
  let o = new Map(),
    a = new WeakMap(),
    i = new WeakMap(),
    s = [],
    c = new t(r, n),
    l = new WeakMap();
  return (
    c.addEventListener('stop', ({ isTrusted: u }) => {
      u && setTimeout(() => s.shift());
    }),
    (c.addEventListener = ((u) => (p, m, d) => {
      let f = m;
      if (typeof m == 'function')
        if (p === 'dataavailable') {
          let h = [];
          ((f = (x) => {
            let [[_, y] = [!1, !1]] = s;
            _ && !y ? h.push(x) : m.call(c, x);
          }),
            o.set(m, h),
            a.set(m, f));
        } else
          p === 'error'
            ? ((f = (h) => {
                h instanceof ErrorEvent
                  ? m.call(c, h)
                  : m.call(c, new ErrorEvent('error', { error: h.error }));
              }),
              i.set(m, f))
            : p === 'stop' &&
              ((f = (h) => {
                for (let [x, _] of o.entries())
                  if (_.length > 0) {
                    let [y] = _;
                    (_.length > 1 &&
                      Object.defineProperty(y, 'data', {
                        value: new Blob(
                          _.map(({ data: w }) => w),
                          { type: y.data.type },
                        ),
                      }),
                      (_.length = 0),
                      x.call(c, y));
                  }
                m.call(c, h);
              }),
              l.set(m, f));
      return u.call(c, p, f, d);
    })(c.addEventListener)),
    (c.removeEventListener = ((u) => (p, m, d) => {
      let f = m;
      if (typeof m == 'function') {
        if (p === 'dataavailable') {
          o.delete(m);
          let h = a.get(m);
          h !== void 0 && (f = h);
        } else if (p === 'error') {
          let h = i.get(m);
          h !== void 0 && (f = h);
        } else if (p === 'stop') {
          let h = l.get(m);
          h !== void 0 && (f = h);
        }
      }
      return u.call(c, p, f, d);
    })(c.removeEventListener)),
    (c.start = ((u) => (p) => {
      if (n.mimeType !== void 0 && n.mimeType.startsWith('audio/') && r.getVideoTracks().length > 0)
        throw e();
      return (c.state === 'inactive' && s.push([p !== void 0, !0]), p === void 0 ? u.call(c) : u.call(c, p));
    })(c.start)),
    (c.stop = ((u) => () => {
      (c.state !== 'inactive' && (s[0][1] = !1), u.call(c));
    })(c.stop)),
    c
  );
};
var xr = () => {
  try {
    return new DOMException('', 'NotSupportedError');
  } catch (e) {
    return ((e.code = 9), (e.name = 'NotSupportedError'), e);
  }
};
var Zo =
  (e) =>
  (t, r, n, o = 2) => {
    let a = e(t, r);
    if (a === null) return a;
    let { length: i, value: s } = a;
    if (n === 'master') return { content: null, length: i };
    if (r + i + s > t.byteLength) return null;
    if (n === 'binary') {
      let c = (s / Float32Array.BYTES_PER_ELEMENT - 1) / o,
        l = Array.from({ length: o }, () => new Float32Array(c));
      for (let u = 0; u < c; u += 1) {
        let p = u * o + 1;
        for (let m = 0; m < o; m += 1)
          l[m][u] = t.getFloat32(r + i + (p + m) * Float32Array.BYTES_PER_ELEMENT, !0);
      }
      return { content: l, length: i + s };
    }
    return { content: null, length: i + s };
  };
var Qo = (e) => (t, r) => {
  let n = e(t, r);
  if (n === null) return n;
  let { length: o, value: a } = n;
  return a === 35
    ? { length: o, type: 'binary' }
    : a === 46 ||
        a === 97 ||
        a === 88713574 ||
        a === 106212971 ||
        a === 139690087 ||
        a === 172351395 ||
        a === 256095861
      ? { length: o, type: 'master' }
      : { length: o, type: 'unknown' };
};
var Ko = (e) => (t, r) => {
  let n = e(t, r);
  if (n === null) return n;
  let o = r + Math.floor((n - 1) / 8);
  if (o + n > t.byteLength) return null;
  let i = t.getUint8(o) & ((1 << (8 - (n % 8))) - 1);
  for (let s = 1; s < n; s += 1) i = (i << 8) + t.getUint8(o + s);
  return { length: n, value: i };
};
var Oa = rt(Bt());
var rn = Symbol.observable || '@@observable';
function Jo(e) {
  return (
    Symbol.observable ||
      (typeof e == 'function' && e.prototype && e.prototype[Symbol.observable]
        ? ((e.prototype[rn] = e.prototype[Symbol.observable]), delete e.prototype[Symbol.observable])
        : ((e[rn] = e[Symbol.observable]), delete e[Symbol.observable])),
    e
  );
}
var _r = () => {},
  ea = (e) => {
    throw e;
  };
function ta(e) {
  return e
    ? e.next && e.error && e.complete
      ? e
      : { complete: (e.complete ?? _r).bind(e), error: (e.error ?? ea).bind(e), next: (e.next ?? _r).bind(e) }
    : { complete: _r, error: ea, next: _r };
}
var ra = (e, t, r) => () =>
  r((n) => {
    if (t === null || t.cancelAnimationFrame === void 0 || t.requestAnimationFrame === void 0) return e(n);
    let o = t.requestAnimationFrame(function a(i) {
      ((o = t.requestAnimationFrame(a)), n.next(i));
    });
    return () => t.cancelAnimationFrame(o);
  });
var na = (e, t, r) => (n, o) => {
  let a = () => n.getAttribute(o);
  return r(
    e(t(n, { attributeFilter: [o], childList: !1, subtree: !1 }), () => a()),
    a(),
  );
};
var oa = (e, t, r) => (n) =>
  r((o) => {
    if (
      t === null ||
      t.navigator === void 0 ||
      t.navigator.geolocation === void 0 ||
      t.navigator.geolocation.clearWatch === void 0 ||
      t.navigator.geolocation.watchPosition === void 0
    )
      return e(o);
    let a = t.navigator.geolocation.watchPosition(
      (i) => o.next(i),
      (i) => o.error(i),
      n,
    );
    return () => t.navigator.geolocation.clearWatch(a);
  });
var aa = (e, t, r) => (n, o) =>
  r((a) => {
    if (t === null || t.IntersectionObserver === void 0) return e(a);
    let i = new t.IntersectionObserver((s) => a.next(s), o);
    try {
      i.observe(n);
    } catch (s) {
      a.error(s);
    }
    return () => i.disconnect();
  });
var sa = (e) => (t, r) => e((n) => t({ ...n, next: (o) => n.next(r(o)) }));
var ia = (e, t, r) => () =>
  r((n) => {
    if (
      t === null ||
      t.navigator === void 0 ||
      t.navigator.mediaDevices === void 0 ||
      t.navigator.mediaDevices.enumerateDevices === void 0
    )
      return e(n);
    let o = !0,
      a = () => {
        t.navigator.mediaDevices.enumerateDevices().then(
          (s) => {
            o && n.next(s);
          },
          (s) => {
            o && (i(), n.error(s));
          },
        );
      },
      i = () => {
        ((o = !1), t.navigator.mediaDevices.removeEventListener('devicechange', a));
      };
    return (a(), t.navigator.mediaDevices.addEventListener('devicechange', a), i);
  });
var ca = (e, t, r) => (n) =>
  r((o) => {
    if (t === null || t.matchMedia === void 0) return e(o);
    let a = t.matchMedia(n);
    return (
      o.next(a.matches),
      (a.onchange = () => o.next(a.matches)),
      () => {
        a.onchange = null;
      }
    );
  });
var ua = (e, t, r) => (n) =>
  r((o) => {
    if (t === null || t.PerformanceObserver === void 0) return e(o);
    let a = new t.PerformanceObserver((i) => o.next(i.getEntries()));
    try {
      a.observe(n);
    } catch (i) {
      o.error(i);
    }
    return () => a.disconnect();
  });
var la = (e) => (t) =>
  e((r) => {
    let n = Array.from(t.inputs.values()),
      o = () => {
        let a = t.inputs;
        (n.length !== a.size || n.some(({ id: i }) => !a.has(i))) &&
          ((n = Array.from(a.values())), r.next(n));
      };
    return (r.next(n), t.addEventListener('statechange', o), () => t.removeEventListener('statechange', o));
  });
var pa = (e) => (t) =>
  e((r) => {
    let n = Array.from(t.outputs.values()),
      o = () => {
        let a = t.outputs;
        (n.length !== a.size || n.some(({ id: i }) => !a.has(i))) &&
          ((n = Array.from(a.values())), r.next(n));
      };
    return (r.next(n), t.addEventListener('statechange', o), () => t.removeEventListener('statechange', o));
  });
var da = (e, t, r) => (n, o) =>
  r((a) => {
    if (t === null || t.MutationObserver === void 0) return e(a);
    let i = new t.MutationObserver((s) => a.next(s));
    try {
      i.observe(n, o);
    } catch (s) {
      a.error(s);
    }
    return () => i.disconnect();
  });
var fa = (e) => (t, r, n) =>
  e((o) => {
    let a = (i) => o.next(i);
    return (t.addEventListener(r, a, n), () => t.removeEventListener(r, a, n));
  });
var ma = (e, t, r) => () =>
  r((n) => {
    if (t === null || t.navigator === void 0 || t.navigator.onLine === void 0) return e(n);
    let o = () => n.next(!1),
      a = () => n.next(!0);
    return (
      t.addEventListener('offline', o),
      t.addEventListener('online', a),
      n.next(t.navigator.onLine),
      () => {
        (t.removeEventListener('offline', o), t.removeEventListener('online', a));
      }
    );
  });
var ha = (e, t, r) => (n) =>
  r((o) => {
    if (
      t === null ||
      t.navigator === void 0 ||
      t.navigator.permissions === void 0 ||
      t.navigator.permissions.query === void 0
    )
      return e(o);
    let a = !0,
      i = () => {
        a = !1;
      };
    return (
      t.navigator.permissions.query(n).then(
        (s) => {
          (a && o.next(s.state),
            a &&
              ((s.onchange = () => o.next(s.state)),
              (i = () => {
                s.onchange = null;
              })));
        },
        (s) => {
          a && o.error(s);
        },
      ),
      () => i()
    );
  });
var xa = (e) => (t, r) => e((n) => (n.next(r), t(n)));
var _a = (e, t, r) => (n) =>
  r((o) => {
    if (t === null || t.ReportingObserver === void 0) return e(o);
    let a = new t.ReportingObserver((i) => o.next(i), n);
    return (a.observe(), () => a.disconnect());
  });
var ga = (e, t, r) => (n, o) =>
  r((a) => {
    if (t === null || t.ResizeObserver === void 0) return e(a);
    let i = new t.ResizeObserver((s) => a.next(s));
    try {
      i.observe(n, o);
    } catch (s) {
      a.error(s);
    }
    return () => i.disconnect();
  });
var va = (e, t, r) => (n) =>
  r((o) => {
    if (t === null || t.clearInterval === void 0 || t.setInterval === void 0) return e(o);
    let a = new Map(),
      i = null,
      s = ({ promise: u }) => a.delete(u),
      c = () => {
        let u = Date.now() - n;
        (a.forEach(({ reason: p, timestamp: m }, d) => {
          m > u || (a.delete(d), o.next(p));
        }),
          i !== null && a.size === 0 && (t.clearInterval(i), (i = null)));
      },
      l = (u) => {
        (u.preventDefault(),
          a.set(u.promise, { reason: u.reason, timestamp: Date.now() }),
          i === null && (i = t.setInterval(c, n / 2)));
      };
    return (
      t.addEventListener('rejectionhandled', s),
      t.addEventListener('unhandledrejection', l),
      () => {
        (i !== null && t.clearInterval(i),
          t.removeEventListener('rejectionhandled', s),
          t.removeEventListener('unhandledrejection', l));
      }
    );
  });
var ya = (e, t) => (r) =>
  t((n) => {
    if (r.cancelVideoFrameCallback === void 0 || r.requestVideoFrameCallback === void 0) return e(n);
    let o = r.requestVideoFrameCallback(function a(i, s) {
      ((o = r.requestVideoFrameCallback(a)), n.next({ ...s, now: i }));
    });
    return () => r.cancelVideoFrameCallback(o);
  });
var Na = (e, t, r) => (n) =>
  r((o) => {
    if (t === null || t.navigator === void 0 || t.navigator.wakeLock === void 0) return e(o);
    let a = (p) => p.release().catch(() => {}),
      i = (p) => {
        p.onrelease = null;
      },
      s = !0,
      c = () => {
        s = !1;
      },
      l = c,
      u = () =>
        t.navigator.wakeLock.request(n).then(
          (p) => {
            (s && o.next(!0),
              s
                ? ((p.onrelease = () => {
                    (o.next(!1), (l = c), i(p), u());
                  }),
                  (l = () => {
                    (i(p), a(p));
                  }))
                : a(p));
          },
          (p) => {
            s && o.error(p);
          },
        );
    return (u(), () => l());
  });
var Ca = () => (typeof window > 'u' ? null : window);
var Aa = (e, t) => {
  let r = () => {},
    n = (o) => typeof o[0] == 'function';
  return (o) => {
    let a = (...i) => {
      let s = o(n(i) ? t({ next: i[0] }) : t(...i));
      return s !== void 0 ? s : r;
    };
    return ((a[Symbol.observable] = () => ({ subscribe: (...i) => ({ unsubscribe: a(...i) }) })), e(a));
  };
};
var ye = (e) => (e.error(new Error('The required browser API seems to be not supported.')), () => {});
var Ee = Ca(),
  me = Aa(Jo, ta),
  Ox = ra(ye, Ee, me),
  Ol = da(ye, Ee, me),
  kl = sa(me),
  Rl = xa(me),
  kx = na(kl, Ol, Rl),
  Rx = oa(ye, Ee, me),
  Px = aa(ye, Ee, me),
  Dx = ia(ye, Ee, me),
  Fx = ca(ye, Ee, me),
  Lx = ua(ye, Ee, me),
  Wx = la(me),
  Bx = pa(me),
  gr = fa(me),
  Ux = ma(ye, Ee, me),
  Vx = ha(ye, Ee, me),
  qx = _a(ye, Ee, me),
  Gx = ga(ye, Ee, me),
  jx = va(ye, Ee, me),
  zx = ya(ye, me),
  Yx = Na(ye, Ee, me);
var Pl = rt(Bt());
var Ea = (e, t, r) => async (n) => {
  let o = new e([r], { type: 'application/javascript; charset=utf-8' }),
    a = t.createObjectURL(o);
  try {
    await n(a);
  } finally {
    t.revokeObjectURL(a);
  }
};
var ba =
  (e) =>
  ({ data: t }) => {
    let { id: r } = t;
    if (r !== null) {
      let n = e.get(r);
      if (n !== void 0) {
        let { reject: o, resolve: a } = n;
        (e.delete(r), t.error === void 0 ? a(t.result) : o(new Error(t.error.message)));
      }
    }
  };
var Sa =
  (e) =>
  (t, r) =>
  (n, o = []) =>
    new Promise((a, i) => {
      let s = e(t);
      (t.set(s, { reject: i, resolve: a }), r.postMessage({ id: s, ...n }, o));
    });
var Ta =
  (e, t, r, n) =>
  (o, a, i = {}) => {
    let s = { channelCountMode: 'explicit', numberOfInputs: 1, numberOfOutputs: 0 },
      c = new o(a, 'recorder-audio-worklet-processor', { ...i, ...s }),
      l = new Map(),
      u = t(l, c.port),
      p = r(c.port, 'message')(e(l));
    c.port.start();
    let m = 'inactive';
    return (
      Object.defineProperties(c, {
        pause: {
          get() {
            return async () => (n(['recording'], m), (m = 'paused'), u({ method: 'pause' }));
          },
        },
        port: {
          get() {
            throw new Error("The port of a RecorderAudioWorkletNode can't be accessed.");
          },
        },
        record: {
          get() {
            return async (d) => (
              n(['inactive'], m),
              (m = 'recording'),
              u({ method: 'record', params: { encoderPort: d } }, [d])
            );
          },
        },
        resume: {
          get() {
            return async () => (n(['paused'], m), (m = 'recording'), u({ method: 'resume' }));
          },
        },
        stop: {
          get() {
            return async () => {
              (n(['paused', 'recording'], m), (m = 'stopped'));
              try {
                await u({ method: 'stop' });
              } finally {
                p();
              }
            };
          },
        },
      }),
      c
    );
  };
var Ia = (e, t) => {
  if (!e.includes(t))
    throw new Error(`Expected the state to be ${e.map((r) => `"${r}"`).join(' or ')} but it was "${t}".`);
};
var Ma =
  '(()=>{"use strict";class e extends AudioWorkletProcessor{constructor(){super(),this._encoderPort=null,this._numberOfChannels=0,this._state="inactive",this.port.onmessage=({data:e})=>{"pause"===e.method?"active"===this._state||"recording"===this._state?(this._state="paused",this._sendAcknowledgement(e.id)):this._sendUnexpectedStateError(e.id):"record"===e.method?"inactive"===this._state?(this._encoderPort=e.params.encoderPort,this._state="active",this._sendAcknowledgement(e.id)):this._sendUnexpectedStateError(e.id):"resume"===e.method?"paused"===this._state?(this._state="active",this._sendAcknowledgement(e.id)):this._sendUnexpectedStateError(e.id):"stop"===e.method?"active"!==this._state&&"paused"!==this._state&&"recording"!==this._state||null===this._encoderPort?this._sendUnexpectedStateError(e.id):(this._stop(this._encoderPort),this._sendAcknowledgement(e.id)):"number"==typeof e.id&&this.port.postMessage({error:{code:-32601,message:"The requested method is not supported."},id:e.id})}}process([e]){if("inactive"===this._state||"paused"===this._state)return!0;if("active"===this._state){if(void 0===e)throw new Error("No channelData was received for the first input.");if(0===e.length)return!0;this._state="recording"}if("recording"===this._state&&null!==this._encoderPort){if(void 0===e)throw new Error("No channelData was received for the first input.");return 0===e.length?this._encoderPort.postMessage(Array.from({length:this._numberOfChannels},()=>128)):(this._encoderPort.postMessage(e,e.map(({buffer:e})=>e)),this._numberOfChannels=e.length),!0}return!1}_sendAcknowledgement(e){this.port.postMessage({id:e,result:null})}_sendUnexpectedStateError(e){this.port.postMessage({error:{code:-32603,message:"The internal state does not allow to process the given message."},id:e})}_stop(e){e.postMessage([]),e.close(),this._encoderPort=null,this._state="stopped"}}e.parameterDescriptors=[],registerProcessor("recorder-audio-worklet-processor",e)})();';
var ka = Ea(Blob, URL, Ma),
  Ra = Ta(ba, Sa(Oa.generateUniqueNumber), gr, Ia);
var we = rt(un());
var za = () => new DOMException('', 'AbortError');
var Ya =
  (e) =>
  (t, r, [n, o, a], i) => {
    e(t[o], [r, n, a], (s) => s[0] === r && s[1] === n, i);
  };
var Ha = (e) => (t, r, n) => {
  let o = [];
  for (let a = 0; a < n.numberOfInputs; a += 1) o.push(new Set());
  e.set(t, { activeInputs: o, outputs: new Set(), passiveInputs: new WeakMap(), renderer: r });
};
var $a = (e) => (t, r) => {
  e.set(t, { activeInputs: new Set(), passiveInputs: new WeakMap(), renderer: r });
};
var Le = new WeakSet(),
  yr = new WeakMap(),
  mt = new WeakMap(),
  Nr = new WeakMap(),
  Qt = new WeakMap(),
  ht = new WeakMap(),
  Cr = new WeakMap(),
  Kt = new WeakMap(),
  Jt = new WeakMap(),
  er = new WeakMap();
var Xa = {
    construct() {
      return Xa;
    },
  },
  Za = (e) => {
    try {
      let t = new Proxy(e, Xa);
      new t();
    } catch {
      return !1;
    }
    return !0;
  };
var Qa =
    /^import(?:(?:[\s]+[\w]+|(?:[\s]+[\w]+[\s]*,)?[\s]*\{[\s]*[\w]+(?:[\s]+as[\s]+[\w]+)?(?:[\s]*,[\s]*[\w]+(?:[\s]+as[\s]+[\w]+)?)*[\s]*}|(?:[\s]+[\w]+[\s]*,)?[\s]*\*[\s]+as[\s]+[\w]+)[\s]+from)?(?:[\s]*)("([^"\\]|\\.)+"|'([^'\\]|\\.)+')(?:[\s]*);?/,
  ln = (e, t) => {
    let r = [],
      n = e.replace(/^[\s]+/, ''),
      o = n.match(Qa);
    for (; o !== null;) {
      let a = o[1].slice(1, -1),
        i = o[0].replace(/([\s]+)?;?$/, '').replace(a, new URL(a, t).toString());
      (r.push(i), (n = n.slice(o[0].length).replace(/^[\s]+/, '')), (o = n.match(Qa)));
    }
    return [r.join(';'), n];
  };
var Ka = (e) => {
    if (e !== void 0 && !Array.isArray(e))
      throw new TypeError(
        'The parameterDescriptors property of given value for processorCtor is not an array.',
      );
  },
  Ja = (e) => {
    if (!Za(e)) throw new TypeError('The given value for processorCtor should be a constructor.');
    if (e.prototype === null || typeof e.prototype != 'object')
      throw new TypeError('The given value for processorCtor should have a prototype.');
  },
  es = (e, t, r, n, o, a, i, s, c, l, u, p, m) => {
    let d = 0;
    return (f, h, x = { credentials: 'omit' }) => {
      let _ = u.get(f);
      if (_ !== void 0 && _.has(h)) return Promise.resolve();
      let y = l.get(f);
      if (y !== void 0) {
        let g = y.get(h);
        if (g !== void 0) return g;
      }
      let w = a(f),
        N =
          w.audioWorklet === void 0
            ? o(h)
                .then(([g, A]) => {
                  let [C, v] = ln(g, A),
                    O = `${C};((a,b)=>{(a[b]=a[b]||[]).push((AudioWorkletProcessor,global,registerProcessor,sampleRate,self,window)=>{${v}
})})(window,'_AWGS')`;
                  return r(O);
                })
                .then(() => {
                  let g = m._AWGS.pop();
                  if (g === void 0) throw new SyntaxError();
                  n(w.currentTime, w.sampleRate, () =>
                    g(
                      class {},
                      void 0,
                      (A, C) => {
                        if (A.trim() === '') throw t();
                        let v = Jt.get(w);
                        if (v !== void 0) {
                          if (v.has(A)) throw t();
                          (Ja(C), Ka(C.parameterDescriptors), v.set(A, C));
                        } else (Ja(C), Ka(C.parameterDescriptors), Jt.set(w, new Map([[A, C]])));
                      },
                      w.sampleRate,
                      void 0,
                      void 0,
                    ),
                  );
                })
            : Promise.all([o(h), Promise.resolve(e(p, p))]).then(([[g, A], C]) => {
                let v = d + 1;
                d = v;
                let [O, T] = ln(g, A),
                  W = `${O};((AudioWorkletProcessor,registerProcessor)=>{${T}
})(${C ? 'AudioWorkletProcessor' : 'class extends AudioWorkletProcessor {__b=new WeakSet();constructor(){super();(p=>p.postMessage=(q=>(m,t)=>q.call(p,m,t?t.filter(u=>!this.__b.has(u)):t))(p.postMessage))(this.port)}}'},(n,p)=>registerProcessor(n,class extends p{${C ? '' : '__c = (a) => a.forEach(e=>this.__b.add(e.buffer));'}process(i,o,p){${C ? '' : 'i.forEach(this.__c);o.forEach(this.__c);this.__c(Object.values(p));'}return super.process(i.map(j=>j.some(k=>k.length===0)?[]:j),o,p)}}));registerProcessor('__sac${v}',class extends AudioWorkletProcessor{process(){return !1}})`,
                  L = new Blob([W], { type: 'application/javascript; charset=utf-8' }),
                  E = URL.createObjectURL(L);
                return w.audioWorklet
                  .addModule(E, x)
                  .then(() => {
                    if (s(w)) return w;
                    let S = i(w);
                    return S.audioWorklet.addModule(E, x).then(() => S);
                  })
                  .then((S) => {
                    if (c === null) throw new SyntaxError();
                    try {
                      new c(S, `__sac${v}`);
                    } catch {
                      throw new SyntaxError();
                    }
                  })
                  .finally(() => URL.revokeObjectURL(E));
              });
      return (
        y === void 0 ? l.set(f, new Map([[h, N]])) : y.set(h, N),
        N.then(() => {
          let g = u.get(f);
          g === void 0 ? u.set(f, new Set([h])) : g.add(h);
        }).finally(() => {
          let g = l.get(f);
          g !== void 0 && g.delete(h);
        }),
        N
      );
    };
  };
var pe = (e, t) => {
  let r = e.get(t);
  if (r === void 0) throw new Error('A value with the given key could not be found.');
  return r;
};
var Ze = (e, t) => {
  let r = Array.from(e).filter(t);
  if (r.length > 1) throw Error('More than one element was found.');
  if (r.length === 0) throw Error('No element was found.');
  let [n] = r;
  return (e.delete(n), n);
};
var Ar = (e, t, r, n) => {
  let o = pe(e, t),
    a = Ze(o, (i) => i[0] === r && i[1] === n);
  return (o.size === 0 && e.delete(t), a);
};
var We = (e) => pe(Cr, e);
var Re = (e) => {
  if (Le.has(e)) throw new Error('The AudioNode is already stored.');
  (Le.add(e), We(e).forEach((t) => t(!0)));
};
var wr = (e) => 'port' in e;
var Be = (e) => {
  if (!Le.has(e)) throw new Error('The AudioNode is not stored.');
  (Le.delete(e), We(e).forEach((t) => t(!1)));
};
var tr = (e, t) => {
  !wr(e) && t.every((r) => r.size === 0) && Be(e);
};
var ts = (e, t, r, n, o, a, i, s, c, l, u, p, m) => {
  let d = new WeakMap();
  return (f, h, x, _, y) => {
    let { activeInputs: w, passiveInputs: N } = a(h),
      { outputs: g } = a(f),
      A = s(f),
      C = (v) => {
        let O = c(h),
          T = c(f);
        if (v) {
          let I = Ar(N, f, x, _);
          (e(w, f, I, !1), !y && !p(f) && r(T, O, x, _), m(h) && Re(h));
        } else {
          let I = n(w, f, x, _);
          (t(N, _, I, !1), !y && !p(f) && o(T, O, x, _));
          let b = i(h);
          if (b === 0) u(h) && tr(h, w);
          else {
            let F = d.get(h);
            (F !== void 0 && clearTimeout(F),
              d.set(
                h,
                setTimeout(() => {
                  u(h) && tr(h, w);
                }, b * 1e3),
              ));
          }
        }
      };
    return l(g, [h, x, _], (v) => v[0] === h && v[1] === x && v[2] === _, !0)
      ? (A.add(C), u(f) ? e(w, f, [x, _, C], !0) : t(N, _, [f, x, C], !0), !0)
      : !1;
  };
};
var rs =
  (e) =>
  (t, r, [n, o, a], i) => {
    let s = t.get(n);
    s === void 0 ? t.set(n, new Set([[o, r, a]])) : e(s, [o, r, a], (c) => c[0] === o && c[1] === r, i);
  };
var ns = (e) => (t, r) => {
  let n = e(t, { channelCount: 1, channelCountMode: 'explicit', channelInterpretation: 'discrete', gain: 0 });
  r.connect(n).connect(t.destination);
  let o = () => {
    (r.removeEventListener('ended', o), r.disconnect(n), n.disconnect());
  };
  r.addEventListener('ended', o);
};
var os = (e) => (t, r) => {
  e(t).add(r);
};
var Kl = {
    channelCount: 2,
    channelCountMode: 'max',
    channelInterpretation: 'speakers',
    fftSize: 2048,
    maxDecibels: -30,
    minDecibels: -100,
    smoothingTimeConstant: 0.8,
  },
  as = (e, t, r, n, o, a) =>
    class extends e {
      constructor(s, c) {
        let l = o(s),
          u = { ...Kl, ...c },
          p = n(l, u),
          m = a(l) ? t() : null;
        (super(s, !1, p, m), (this._nativeAnalyserNode = p));
      }
      get fftSize() {
        return this._nativeAnalyserNode.fftSize;
      }
      set fftSize(s) {
        this._nativeAnalyserNode.fftSize = s;
      }
      get frequencyBinCount() {
        return this._nativeAnalyserNode.frequencyBinCount;
      }
      get maxDecibels() {
        return this._nativeAnalyserNode.maxDecibels;
      }
      set maxDecibels(s) {
        let c = this._nativeAnalyserNode.maxDecibels;
        if (((this._nativeAnalyserNode.maxDecibels = s), !(s > this._nativeAnalyserNode.minDecibels)))
          throw ((this._nativeAnalyserNode.maxDecibels = c), r());
      }
      get minDecibels() {
        return this._nativeAnalyserNode.minDecibels;
      }
      set minDecibels(s) {
        let c = this._nativeAnalyserNode.minDecibels;
        if (((this._nativeAnalyserNode.minDecibels = s), !(this._nativeAnalyserNode.maxDecibels > s)))
          throw ((this._nativeAnalyserNode.minDecibels = c), r());
      }
      get smoothingTimeConstant() {
        return this._nativeAnalyserNode.smoothingTimeConstant;
      }
      set smoothingTimeConstant(s) {
        this._nativeAnalyserNode.smoothingTimeConstant = s;
      }
      getByteFrequencyData(s) {
        this._nativeAnalyserNode.getByteFrequencyData(s);
      }
      getByteTimeDomainData(s) {
        this._nativeAnalyserNode.getByteTimeDomainData(s);
      }
      getFloatFrequencyData(s) {
        this._nativeAnalyserNode.getFloatFrequencyData(s);
      }
      getFloatTimeDomainData(s) {
        this._nativeAnalyserNode.getFloatTimeDomainData(s);
      }
    };
var z = (e, t) => e.context === t;
var ss = (e, t, r) => () => {
  let n = new WeakMap(),
    o = async (a, i) => {
      let s = t(a);
      if (!z(s, i)) {
        let l = {
          channelCount: s.channelCount,
          channelCountMode: s.channelCountMode,
          channelInterpretation: s.channelInterpretation,
          fftSize: s.fftSize,
          maxDecibels: s.maxDecibels,
          minDecibels: s.minDecibels,
          smoothingTimeConstant: s.smoothingTimeConstant,
        };
        s = e(i, l);
      }
      return (n.set(i, s), await r(a, i, s), s);
    };
  return {
    render(a, i) {
      let s = n.get(i);
      return s !== void 0 ? Promise.resolve(s) : o(a, i);
    },
  };
};
var xt = (e) => {
  try {
    e.copyToChannel(new Float32Array(1), 0, -1);
  } catch {
    return !1;
  }
  return !0;
};
var Te = () => new DOMException('', 'IndexSizeError');
var _t = (e) => {
  e.getChannelData = ((t) => (r) => {
    try {
      return t.call(e, r);
    } catch (n) {
      throw n.code === 12 ? Te() : n;
    }
  })(e.getChannelData);
};
var Jl = { numberOfChannels: 1 },
  is = (e, t, r, n, o, a, i, s) => {
    let c = null;
    return class cs {
      constructor(u) {
        if (o === null) throw new Error('Missing the native OfflineAudioContext constructor.');
        let { length: p, numberOfChannels: m, sampleRate: d } = { ...Jl, ...u };
        c === null && (c = new o(1, 1, 44100));
        let f =
          n !== null && t(a, a)
            ? new n({ length: p, numberOfChannels: m, sampleRate: d })
            : c.createBuffer(m, p, d);
        if (f.numberOfChannels === 0) throw r();
        return (
          typeof f.copyFromChannel != 'function' ? (i(f), _t(f)) : t(xt, () => xt(f)) || s(f),
          e.add(f),
          f
        );
      }
      static [Symbol.hasInstance](u) {
        return (u !== null && typeof u == 'object' && Object.getPrototypeOf(u) === cs.prototype) || e.has(u);
      }
    };
  };
var ie = -34028234663852886e22,
  ae = -ie;
var Ne = (e) => Le.has(e);
var ep = {
    buffer: null,
    channelCount: 2,
    channelCountMode: 'max',
    channelInterpretation: 'speakers',
    loop: !1,
    loopEnd: 0,
    loopStart: 0,
    playbackRate: 1,
  },
  us = (e, t, r, n, o, a, i, s) =>
    class extends e {
      constructor(l, u) {
        let p = a(l),
          m = { ...ep, ...u },
          d = o(p, m),
          f = i(p),
          h = f ? t() : null;
        (super(l, !1, d, h),
          (this._audioBufferSourceNodeRenderer = h),
          (this._isBufferNullified = !1),
          (this._isBufferSet = m.buffer !== null),
          (this._nativeAudioBufferSourceNode = d),
          (this._onended = null),
          (this._playbackRate = r(this, f, d.playbackRate, ae, ie)));
      }
      get buffer() {
        return this._isBufferNullified ? null : this._nativeAudioBufferSourceNode.buffer;
      }
      set buffer(l) {
        if (((this._nativeAudioBufferSourceNode.buffer = l), l !== null)) {
          if (this._isBufferSet) throw n();
          this._isBufferSet = !0;
        }
      }
      get loop() {
        return this._nativeAudioBufferSourceNode.loop;
      }
      set loop(l) {
        this._nativeAudioBufferSourceNode.loop = l;
      }
      get loopEnd() {
        return this._nativeAudioBufferSourceNode.loopEnd;
      }
      set loopEnd(l) {
        this._nativeAudioBufferSourceNode.loopEnd = l;
      }
      get loopStart() {
        return this._nativeAudioBufferSourceNode.loopStart;
      }
      set loopStart(l) {
        this._nativeAudioBufferSourceNode.loopStart = l;
      }
      get onended() {
        return this._onended;
      }
      set onended(l) {
        let u = typeof l == 'function' ? s(this, l) : null;
        this._nativeAudioBufferSourceNode.onended = u;
        let p = this._nativeAudioBufferSourceNode.onended;
        this._onended = p !== null && p === u ? l : p;
      }
      get playbackRate() {
        return this._playbackRate;
      }
      start(l = 0, u = 0, p) {
        if (
          (this._nativeAudioBufferSourceNode.start(l, u, p),
          this._audioBufferSourceNodeRenderer !== null &&
            (this._audioBufferSourceNodeRenderer.start = p === void 0 ? [l, u] : [l, u, p]),
          this.context.state !== 'closed')
        ) {
          Re(this);
          let m = () => {
            (this._nativeAudioBufferSourceNode.removeEventListener('ended', m), Ne(this) && Be(this));
          };
          this._nativeAudioBufferSourceNode.addEventListener('ended', m);
        }
      }
      stop(l = 0) {
        (this._nativeAudioBufferSourceNode.stop(l),
          this._audioBufferSourceNodeRenderer !== null && (this._audioBufferSourceNodeRenderer.stop = l));
      }
    };
var ls = (e, t, r, n, o) => () => {
  let a = new WeakMap(),
    i = null,
    s = null,
    c = async (l, u) => {
      let p = r(l),
        m = z(p, u);
      if (!m) {
        let d = {
          buffer: p.buffer,
          channelCount: p.channelCount,
          channelCountMode: p.channelCountMode,
          channelInterpretation: p.channelInterpretation,
          loop: p.loop,
          loopEnd: p.loopEnd,
          loopStart: p.loopStart,
          playbackRate: p.playbackRate.value,
        };
        ((p = t(u, d)), i !== null && p.start(...i), s !== null && p.stop(s));
      }
      return (
        a.set(u, p),
        m ? await e(u, l.playbackRate, p.playbackRate) : await n(u, l.playbackRate, p.playbackRate),
        await o(l, u, p),
        p
      );
    };
  return {
    set start(l) {
      i = l;
    },
    set stop(l) {
      s = l;
    },
    render(l, u) {
      let p = a.get(u);
      return p !== void 0 ? Promise.resolve(p) : c(l, u);
    },
  };
};
var ps = (e) => 'playbackRate' in e;
var ds = (e) => 'frequency' in e && 'gain' in e;
var fs = (e) => 'offset' in e;
var ms = (e) => !('frequency' in e) && 'gain' in e;
var hs = (e) => 'detune' in e && 'frequency' in e && !('gain' in e);
var xs = (e) => 'pan' in e;
var he = (e) => pe(yr, e);
var Qe = (e) => pe(Nr, e);
var Er = (e, t) => {
  let { activeInputs: r } = he(e);
  r.forEach((o) =>
    o.forEach(([a]) => {
      t.includes(e) || Er(a, [...t, e]);
    }),
  );
  let n = ps(e)
    ? [e.playbackRate]
    : wr(e)
      ? Array.from(e.parameters.values())
      : ds(e)
        ? [e.Q, e.detune, e.frequency, e.gain]
        : fs(e)
          ? [e.offset]
          : ms(e)
            ? [e.gain]
            : hs(e)
              ? [e.detune, e.frequency]
              : xs(e)
                ? [e.pan]
                : [];
  for (let o of n) {
    let a = Qe(o);
    a !== void 0 && a.activeInputs.forEach(([i]) => Er(i, t));
  }
  Ne(e) && Be(e);
};
var Ke = (e) => {
  Er(e.destination, []);
};
var br = (e) =>
  e === void 0 ||
  typeof e == 'number' ||
  (typeof e == 'string' && (e === 'balanced' || e === 'interactive' || e === 'playback'));
var _s = (e, t, r, n, o, a, i, s, c) =>
  class extends e {
    constructor(u = {}) {
      if (c === null) throw new Error('Missing the native AudioContext constructor.');
      let p;
      try {
        p = new c(u);
      } catch (f) {
        throw f.code === 12 && f.message === 'sampleRate is not in range' ? r() : f;
      }
      if (p === null) throw n();
      if (!br(u.latencyHint))
        throw new TypeError(
          `The provided value '${u.latencyHint}' is not a valid enum value of type AudioContextLatencyCategory.`,
        );
      if (u.sampleRate !== void 0 && p.sampleRate !== u.sampleRate) throw r();
      super(p, 2);
      let { latencyHint: m } = u,
        { sampleRate: d } = p;
      if (
        ((this._baseLatency =
          typeof p.baseLatency == 'number'
            ? p.baseLatency
            : m === 'balanced'
              ? 512 / d
              : m === 'interactive' || m === void 0
                ? 256 / d
                : m === 'playback'
                  ? 1024 / d
                  : (Math.max(2, Math.min(128, Math.round((m * d) / 128))) * 128) / d),
        (this._nativeAudioContext = p),
        c.name === 'webkitAudioContext'
          ? ((this._nativeGainNode = p.createGain()),
            (this._nativeOscillatorNode = p.createOscillator()),
            (this._nativeGainNode.gain.value = 1e-37),
            this._nativeOscillatorNode.connect(this._nativeGainNode).connect(p.destination),
            this._nativeOscillatorNode.start())
          : ((this._nativeGainNode = null), (this._nativeOscillatorNode = null)),
        (this._state = null),
        p.state === 'running')
      ) {
        this._state = 'suspended';
        let f = () => {
          (this._state === 'suspended' && (this._state = null), p.removeEventListener('statechange', f));
        };
        p.addEventListener('statechange', f);
      }
    }
    get baseLatency() {
      return this._baseLatency;
    }
    get state() {
      return this._state !== null ? this._state : this._nativeAudioContext.state;
    }
    close() {
      return this.state === 'closed'
        ? this._nativeAudioContext.close().then(() => {
            throw t();
          })
        : (this._state === 'suspended' && (this._state = null),
          this._nativeAudioContext.close().then(() => {
            (this._nativeGainNode !== null &&
              this._nativeOscillatorNode !== null &&
              (this._nativeOscillatorNode.stop(),
              this._nativeGainNode.disconnect(),
              this._nativeOscillatorNode.disconnect()),
              Ke(this));
          }));
    }
    createMediaElementSource(u) {
      return new o(this, { mediaElement: u });
    }
    createMediaStreamDestination() {
      return new a(this);
    }
    createMediaStreamSource(u) {
      return new i(this, { mediaStream: u });
    }
    createMediaStreamTrackSource(u) {
      return new s(this, { mediaStreamTrack: u });
    }
    resume() {
      return this._state === 'suspended'
        ? new Promise((u, p) => {
            let m = () => {
              (this._nativeAudioContext.removeEventListener('statechange', m),
                this._nativeAudioContext.state === 'running' ? u() : this.resume().then(u, p));
            };
            this._nativeAudioContext.addEventListener('statechange', m);
          })
        : this._nativeAudioContext.resume().catch((u) => {
            throw u === void 0 || u.code === 15 ? t() : u;
          });
    }
    suspend() {
      return this._nativeAudioContext.suspend().catch((u) => {
        throw u === void 0 ? t() : u;
      });
    }
  };
var gs = (e, t, r, n, o, a, i, s) =>
  class extends e {
    constructor(l, u) {
      let p = a(l),
        m = i(p),
        d = o(p, u, m),
        f = m ? t(s) : null;
      (super(l, !1, d, f),
        (this._isNodeOfNativeOfflineAudioContext = m),
        (this._nativeAudioDestinationNode = d));
    }
    get channelCount() {
      return this._nativeAudioDestinationNode.channelCount;
    }
    set channelCount(l) {
      if (this._isNodeOfNativeOfflineAudioContext) throw n();
      if (l > this._nativeAudioDestinationNode.maxChannelCount) throw r();
      this._nativeAudioDestinationNode.channelCount = l;
    }
    get channelCountMode() {
      return this._nativeAudioDestinationNode.channelCountMode;
    }
    set channelCountMode(l) {
      if (this._isNodeOfNativeOfflineAudioContext) throw n();
      this._nativeAudioDestinationNode.channelCountMode = l;
    }
    get maxChannelCount() {
      return this._nativeAudioDestinationNode.maxChannelCount;
    }
  };
var vs = (e) => {
  let t = new WeakMap(),
    r = async (n, o) => {
      let a = o.destination;
      return (t.set(o, a), await e(n, o, a), a);
    };
  return {
    render(n, o) {
      let a = t.get(o);
      return a !== void 0 ? Promise.resolve(a) : r(n, o);
    },
  };
};
var ys = (e, t, r, n, o, a, i, s) => (c, l) => {
  let u = l.listener,
    p = () => {
      let g = new Float32Array(1),
        A = t(l, {
          channelCount: 1,
          channelCountMode: 'explicit',
          channelInterpretation: 'speakers',
          numberOfInputs: 9,
        }),
        C = i(l),
        v = !1,
        O = [0, 0, -1, 0, 1, 0],
        T = [0, 0, 0],
        I = () => {
          if (v) return;
          v = !0;
          let L = n(l, 256, 9, 0);
          ((L.onaudioprocess = ({ inputBuffer: E }) => {
            let S = [a(E, g, 0), a(E, g, 1), a(E, g, 2), a(E, g, 3), a(E, g, 4), a(E, g, 5)];
            S.some((P, D) => P !== O[D]) && (u.setOrientation(...S), (O = S));
            let M = [a(E, g, 6), a(E, g, 7), a(E, g, 8)];
            M.some((P, D) => P !== T[D]) && (u.setPosition(...M), (T = M));
          }),
            A.connect(L));
        },
        b = (L) => (E) => {
          E !== O[L] && ((O[L] = E), u.setOrientation(...O));
        },
        F = (L) => (E) => {
          E !== T[L] && ((T[L] = E), u.setPosition(...T));
        },
        W = (L, E, S) => {
          let M = r(l, {
            channelCount: 1,
            channelCountMode: 'explicit',
            channelInterpretation: 'discrete',
            offset: E,
          });
          (M.connect(A, 0, L),
            M.start(),
            Object.defineProperty(M.offset, 'defaultValue', {
              get() {
                return E;
              },
            }));
          let P = e({ context: c }, C, M.offset, ae, ie);
          return (
            s(
              P,
              'value',
              (D) => () => D.call(P),
              (D) => (R) => {
                try {
                  D.call(P, R);
                } catch (G) {
                  if (G.code !== 9) throw G;
                }
                (I(), C && S(R));
              },
            ),
            (P.cancelAndHoldAtTime = ((D) =>
              C
                ? () => {
                    throw o();
                  }
                : (...R) => {
                    let G = D.apply(P, R);
                    return (I(), G);
                  })(P.cancelAndHoldAtTime)),
            (P.cancelScheduledValues = ((D) =>
              C
                ? () => {
                    throw o();
                  }
                : (...R) => {
                    let G = D.apply(P, R);
                    return (I(), G);
                  })(P.cancelScheduledValues)),
            (P.exponentialRampToValueAtTime = ((D) =>
              C
                ? () => {
                    throw o();
                  }
                : (...R) => {
                    let G = D.apply(P, R);
                    return (I(), G);
                  })(P.exponentialRampToValueAtTime)),
            (P.linearRampToValueAtTime = ((D) =>
              C
                ? () => {
                    throw o();
                  }
                : (...R) => {
                    let G = D.apply(P, R);
                    return (I(), G);
                  })(P.linearRampToValueAtTime)),
            (P.setTargetAtTime = ((D) =>
              C
                ? () => {
                    throw o();
                  }
                : (...R) => {
                    let G = D.apply(P, R);
                    return (I(), G);
                  })(P.setTargetAtTime)),
            (P.setValueAtTime = ((D) =>
              C
                ? () => {
                    throw o();
                  }
                : (...R) => {
                    let G = D.apply(P, R);
                    return (I(), G);
                  })(P.setValueAtTime)),
            (P.setValueCurveAtTime = ((D) =>
              C
                ? () => {
                    throw o();
                  }
                : (...R) => {
                    let G = D.apply(P, R);
                    return (I(), G);
                  })(P.setValueCurveAtTime)),
            P
          );
        };
      return {
        forwardX: W(0, 0, b(0)),
        forwardY: W(1, 0, b(1)),
        forwardZ: W(2, -1, b(2)),
        positionX: W(6, 0, F(0)),
        positionY: W(7, 0, F(1)),
        positionZ: W(8, 0, F(2)),
        upX: W(3, 0, b(3)),
        upY: W(4, 1, b(4)),
        upZ: W(5, 0, b(5)),
      };
    },
    {
      forwardX: m,
      forwardY: d,
      forwardZ: f,
      positionX: h,
      positionY: x,
      positionZ: _,
      upX: y,
      upY: w,
      upZ: N,
    } = u.forwardX === void 0 ? p() : u;
  return {
    get forwardX() {
      return m;
    },
    get forwardY() {
      return d;
    },
    get forwardZ() {
      return f;
    },
    get positionX() {
      return h;
    },
    get positionY() {
      return x;
    },
    get positionZ() {
      return _;
    },
    get upX() {
      return y;
    },
    get upY() {
      return w;
    },
    get upZ() {
      return N;
    },
  };
};
var st = (e) => 'context' in e;
var Je = (e) => st(e[0]);
var Pe = (e, t, r, n) => {
  for (let o of e)
    if (r(o)) {
      if (n) return !1;
      throw Error('The set contains at least one similar element.');
    }
  return (e.add(t), !0);
};
var pn = (e, t, [r, n], o) => {
  Pe(e, [t, r, n], (a) => a[0] === t && a[1] === r, o);
};
var dn = (e, [t, r, n], o) => {
  let a = e.get(t);
  a === void 0 ? e.set(t, new Set([[r, n]])) : Pe(a, [r, n], (i) => i[0] === r, o);
};
var Ie = (e) => 'inputs' in e;
var gt = (e, t, r, n) => {
  if (Ie(t)) {
    let o = t.inputs[n];
    return (e.connect(o, r, 0), [o, r, 0]);
  }
  return (e.connect(t, r, n), [t, r, n]);
};
var fn = (e, t, r) => {
  for (let n of e) if (n[0] === t && n[1] === r) return (e.delete(n), n);
  return null;
};
var Ns = (e, t, r) => Ze(e, (n) => n[0] === t && n[1] === r);
var mn = (e, t) => {
  if (!We(e).delete(t)) throw new Error('Missing the expected event listener.');
};
var hn = (e, t, r) => {
  let n = pe(e, t),
    o = Ze(n, (a) => a[0] === r);
  return (n.size === 0 && e.delete(t), o);
};
var vt = (e, t, r, n) => {
  Ie(t) ? e.disconnect(t.inputs[n], r, 0) : e.disconnect(t, r, n);
};
var K = (e) => pe(mt, e);
var it = (e) => pe(Qt, e);
var je = (e) => Kt.has(e);
var yt = (e) => !Le.has(e);
var xn = (e, t) =>
  new Promise((r) => {
    if (t !== null) r(!0);
    else {
      let n = e.createScriptProcessor(256, 1, 1),
        o = e.createGain(),
        a = e.createBuffer(1, 2, 44100),
        i = a.getChannelData(0);
      ((i[0] = 1), (i[1] = 1));
      let s = e.createBufferSource();
      ((s.buffer = a),
        (s.loop = !0),
        s.connect(n).connect(e.destination),
        s.connect(o),
        s.disconnect(o),
        (n.onaudioprocess = (c) => {
          let l = c.inputBuffer.getChannelData(0);
          (Array.prototype.some.call(l, (u) => u === 1) ? r(!0) : r(!1),
            s.stop(),
            (n.onaudioprocess = null),
            s.disconnect(n),
            n.disconnect(e.destination));
        }),
        s.start());
    }
  });
var Sr = (e, t) => {
  let r = new Map();
  for (let n of e)
    for (let o of n) {
      let a = r.get(o);
      r.set(o, a === void 0 ? 1 : a + 1);
    }
  r.forEach((n, o) => t(o, n));
};
var ct = (e) => 'context' in e;
var Cs = (e) => {
  let t = new Map();
  ((e.connect = (
    (r) =>
    (n, o = 0, a = 0) => {
      let i = ct(n) ? r(n, o, a) : r(n, o),
        s = t.get(n);
      return (
        s === void 0
          ? t.set(n, [{ input: a, output: o }])
          : s.every((c) => c.input !== a || c.output !== o) && s.push({ input: a, output: o }),
        i
      );
    }
  )(e.connect.bind(e))),
    (e.disconnect = ((r) => (n, o, a) => {
      if ((r.apply(e), n === void 0)) t.clear();
      else if (typeof n == 'number')
        for (let [i, s] of t) {
          let c = s.filter((l) => l.output !== n);
          c.length === 0 ? t.delete(i) : t.set(i, c);
        }
      else if (t.has(n))
        if (o === void 0) t.delete(n);
        else {
          let i = t.get(n);
          if (i !== void 0) {
            let s = i.filter((c) => c.output !== o && (c.input !== a || a === void 0));
            s.length === 0 ? t.delete(n) : t.set(n, s);
          }
        }
      for (let [i, s] of t)
        s.forEach((c) => {
          ct(i) ? e.connect(i, c.output, c.input) : e.connect(i, c.output);
        });
    })(e.disconnect)));
};
var tp = (e, t, r, n) => {
    let { activeInputs: o, passiveInputs: a } = Qe(t),
      { outputs: i } = he(e),
      s = We(e),
      c = (l) => {
        let u = K(e),
          p = it(t);
        if (l) {
          let m = hn(a, e, r);
          (pn(o, e, m, !1), !n && !je(e) && u.connect(p, r));
        } else {
          let m = Ns(o, e, r);
          (dn(a, m, !1), !n && !je(e) && u.disconnect(p, r));
        }
      };
    return Pe(i, [t, r], (l) => l[0] === t && l[1] === r, !0)
      ? (s.add(c), Ne(e) ? pn(o, e, [r, c], !0) : dn(a, [e, r, c], !0), !0)
      : !1;
  },
  rp = (e, t, r, n) => {
    let { activeInputs: o, passiveInputs: a } = he(t),
      i = fn(o[n], e, r);
    return i === null ? [Ar(a, e, r, n)[2], !1] : [i[2], !0];
  },
  np = (e, t, r) => {
    let { activeInputs: n, passiveInputs: o } = Qe(t),
      a = fn(n, e, r);
    return a === null ? [hn(o, e, r)[1], !1] : [a[2], !0];
  },
  _n = (e, t, r, n, o) => {
    let [a, i] = rp(e, r, n, o);
    if ((a !== null && (mn(e, a), i && !t && !je(e) && vt(K(e), K(r), n, o)), Ne(r))) {
      let { activeInputs: s } = he(r);
      tr(r, s);
    }
  },
  gn = (e, t, r, n) => {
    let [o, a] = np(e, r, n);
    o !== null && (mn(e, o), a && !t && !je(e) && K(e).disconnect(it(r), n));
  },
  op = (e, t) => {
    let r = he(e),
      n = [];
    for (let o of r.outputs) (Je(o) ? _n(e, t, ...o) : gn(e, t, ...o), n.push(o[0]));
    return (r.outputs.clear(), n);
  },
  ap = (e, t, r) => {
    let n = he(e),
      o = [];
    for (let a of n.outputs)
      a[1] === r && (Je(a) ? _n(e, t, ...a) : gn(e, t, ...a), o.push(a[0]), n.outputs.delete(a));
    return o;
  },
  sp = (e, t, r, n, o) => {
    let a = he(e);
    return Array.from(a.outputs)
      .filter((i) => i[0] === r && (n === void 0 || i[1] === n) && (o === void 0 || i[2] === o))
      .map((i) => (Je(i) ? _n(e, t, ...i) : gn(e, t, ...i), a.outputs.delete(i), i[0]));
  },
  As = (e, t, r, n, o, a, i, s, c, l, u, p, m, d, f, h) =>
    class extends l {
      constructor(_, y, w, N) {
        (super(w), (this._context = _), (this._nativeAudioNode = w));
        let g = u(_);
        (p(g) && r(xn, () => xn(g, h)) !== !0 && Cs(w),
          mt.set(this, w),
          Cr.set(this, new Set()),
          _.state !== 'closed' && y && Re(this),
          e(this, N, w));
      }
      get channelCount() {
        return this._nativeAudioNode.channelCount;
      }
      set channelCount(_) {
        this._nativeAudioNode.channelCount = _;
      }
      get channelCountMode() {
        return this._nativeAudioNode.channelCountMode;
      }
      set channelCountMode(_) {
        this._nativeAudioNode.channelCountMode = _;
      }
      get channelInterpretation() {
        return this._nativeAudioNode.channelInterpretation;
      }
      set channelInterpretation(_) {
        this._nativeAudioNode.channelInterpretation = _;
      }
      get context() {
        return this._context;
      }
      get numberOfInputs() {
        return this._nativeAudioNode.numberOfInputs;
      }
      get numberOfOutputs() {
        return this._nativeAudioNode.numberOfOutputs;
      }
      connect(_, y = 0, w = 0) {
        if (y < 0 || y >= this._nativeAudioNode.numberOfOutputs) throw o();
        let N = u(this._context),
          g = f(N);
        if (m(_) || d(_)) throw a();
        if (st(_)) {
          let v = K(_);
          try {
            let T = gt(this._nativeAudioNode, v, y, w),
              I = yt(this);
            ((g || I) && this._nativeAudioNode.disconnect(...T),
              this.context.state !== 'closed' && !I && yt(_) && Re(_));
          } catch (T) {
            throw T.code === 12 ? a() : T;
          }
          if (t(this, _, y, w, g)) {
            let T = c([this], _);
            Sr(T, n(g));
          }
          return _;
        }
        let A = it(_);
        if (A.name === 'playbackRate' && A.maxValue === 1024) throw i();
        try {
          (this._nativeAudioNode.connect(A, y), (g || yt(this)) && this._nativeAudioNode.disconnect(A, y));
        } catch (v) {
          throw v.code === 12 ? a() : v;
        }
        if (tp(this, _, y, g)) {
          let v = c([this], _);
          Sr(v, n(g));
        }
      }
      disconnect(_, y, w) {
        let N,
          g = u(this._context),
          A = f(g);
        if (_ === void 0) N = op(this, A);
        else if (typeof _ == 'number') {
          if (_ < 0 || _ >= this.numberOfOutputs) throw o();
          N = ap(this, A, _);
        } else {
          if (
            (y !== void 0 && (y < 0 || y >= this.numberOfOutputs)) ||
            (st(_) && w !== void 0 && (w < 0 || w >= _.numberOfInputs))
          )
            throw o();
          if (((N = sp(this, A, _, y, w)), N.length === 0)) throw a();
        }
        for (let C of N) {
          let v = c([this], C);
          Sr(v, s);
        }
      }
    };
var ws = rt(un()),
  Es =
    (e, t, r, n, o, a, i, s, c, l, u, p, m) =>
    (d, f, h, x = null, _ = null) => {
      let y = h.value,
        w = new ws.AutomationEventList(y),
        N = f ? n(w) : null,
        g = {
          get defaultValue() {
            return y;
          },
          get maxValue() {
            return x === null ? h.maxValue : x;
          },
          get minValue() {
            return _ === null ? h.minValue : _;
          },
          get value() {
            return h.value;
          },
          set value(A) {
            ((h.value = A), g.setValueAtTime(A, d.context.currentTime));
          },
          cancelAndHoldAtTime(A) {
            if (typeof h.cancelAndHoldAtTime == 'function')
              (N === null && w.flush(d.context.currentTime), w.add(o(A)), h.cancelAndHoldAtTime(A));
            else {
              let C = Array.from(w).pop();
              (N === null && w.flush(d.context.currentTime), w.add(o(A)));
              let v = Array.from(w).pop();
              (h.cancelScheduledValues(A),
                C !== v &&
                  v !== void 0 &&
                  (v.type === 'exponentialRampToValue'
                    ? h.exponentialRampToValueAtTime(v.value, v.endTime)
                    : v.type === 'linearRampToValue'
                      ? h.linearRampToValueAtTime(v.value, v.endTime)
                      : v.type === 'setValue'
                        ? h.setValueAtTime(v.value, v.startTime)
                        : v.type === 'setValueCurve' &&
                          h.setValueCurveAtTime(v.values, v.startTime, v.duration)));
            }
            return g;
          },
          cancelScheduledValues(A) {
            return (N === null && w.flush(d.context.currentTime), w.add(a(A)), h.cancelScheduledValues(A), g);
          },
          exponentialRampToValueAtTime(A, C) {
            if (A === 0) throw new RangeError();
            if (!Number.isFinite(C) || C < 0) throw new RangeError();
            let v = d.context.currentTime;
            return (
              N === null && w.flush(v),
              Array.from(w).length === 0 && (w.add(l(y, v)), h.setValueAtTime(y, v)),
              w.add(i(A, C)),
              h.exponentialRampToValueAtTime(A, C),
              g
            );
          },
          linearRampToValueAtTime(A, C) {
            let v = d.context.currentTime;
            return (
              N === null && w.flush(v),
              Array.from(w).length === 0 && (w.add(l(y, v)), h.setValueAtTime(y, v)),
              w.add(s(A, C)),
              h.linearRampToValueAtTime(A, C),
              g
            );
          },
          setTargetAtTime(A, C, v) {
            return (
              N === null && w.flush(d.context.currentTime),
              w.add(c(A, C, v)),
              h.setTargetAtTime(A, C, v),
              g
            );
          },
          setValueAtTime(A, C) {
            return (N === null && w.flush(d.context.currentTime), w.add(l(A, C)), h.setValueAtTime(A, C), g);
          },
          setValueCurveAtTime(A, C, v) {
            let O = A instanceof Float32Array ? A : new Float32Array(A);
            if (p !== null && p.name === 'webkitAudioContext') {
              let T = C + v,
                I = d.context.sampleRate,
                b = Math.ceil(C * I),
                F = Math.floor(T * I),
                W = F - b,
                L = new Float32Array(W);
              for (let S = 0; S < W; S += 1) {
                let M = ((O.length - 1) / v) * ((b + S) / I - C),
                  P = Math.floor(M),
                  D = Math.ceil(M);
                L[S] = P === D ? O[P] : (1 - (M - P)) * O[P] + (1 - (D - M)) * O[D];
              }
              (N === null && w.flush(d.context.currentTime),
                w.add(u(L, C, v)),
                h.setValueCurveAtTime(L, C, v));
              let E = F / I;
              (E < T && m(g, L[L.length - 1], E), m(g, O[O.length - 1], T));
            } else
              (N === null && w.flush(d.context.currentTime),
                w.add(u(O, C, v)),
                h.setValueCurveAtTime(O, C, v));
            return g;
          },
        };
      return (r.set(g, h), t.set(g, d), e(g, N), g);
    };
var bs = (e) => ({
  replay(t) {
    for (let r of e)
      if (r.type === 'exponentialRampToValue') {
        let { endTime: n, value: o } = r;
        t.exponentialRampToValueAtTime(o, n);
      } else if (r.type === 'linearRampToValue') {
        let { endTime: n, value: o } = r;
        t.linearRampToValueAtTime(o, n);
      } else if (r.type === 'setTarget') {
        let { startTime: n, target: o, timeConstant: a } = r;
        t.setTargetAtTime(o, n, a);
      } else if (r.type === 'setValue') {
        let { startTime: n, value: o } = r;
        t.setValueAtTime(o, n);
      } else if (r.type === 'setValueCurve') {
        let { duration: n, startTime: o, values: a } = r;
        t.setValueCurveAtTime(a, o, n);
      } else throw new Error("Can't apply an unknown automation.");
  },
});
var Nt = class {
  constructor(t) {
    this._map = new Map(t);
  }
  get size() {
    return this._map.size;
  }
  entries() {
    return this._map.entries();
  }
  forEach(t, r = null) {
    return this._map.forEach((n, o) => t.call(r, n, o, this));
  }
  get(t) {
    return this._map.get(t);
  }
  has(t) {
    return this._map.has(t);
  }
  keys() {
    return this._map.keys();
  }
  values() {
    return this._map.values();
  }
};
var ip = {
    channelCount: 2,
    channelCountMode: 'explicit',
    channelInterpretation: 'speakers',
    numberOfInputs: 1,
    numberOfOutputs: 1,
    parameterData: {},
    processorOptions: {},
  },
  Ss = (e, t, r, n, o, a, i, s, c, l, u, p, m, d) =>
    class extends t {
      constructor(h, x, _) {
        var y;
        let w = s(h),
          N = c(w),
          g = u({ ...ip, ..._ });
        m(g);
        let A = Jt.get(w),
          C = A?.get(x),
          v = N || w.state !== 'closed' ? w : (y = i(w)) !== null && y !== void 0 ? y : w,
          O = o(v, N ? null : h.baseLatency, l, x, C, g),
          T = N ? n(x, g, C) : null;
        super(h, !0, O, T);
        let I = [];
        (O.parameters.forEach((F, W) => {
          let L = r(this, N, F);
          I.push([W, L]);
        }),
          (this._nativeAudioWorkletNode = O),
          (this._onprocessorerror = null),
          (this._parameters = new Nt(I)),
          N && e(w, this));
        let { activeInputs: b } = a(this);
        p(O, b);
      }
      get onprocessorerror() {
        return this._onprocessorerror;
      }
      set onprocessorerror(h) {
        let x = typeof h == 'function' ? d(this, h) : null;
        this._nativeAudioWorkletNode.onprocessorerror = x;
        let _ = this._nativeAudioWorkletNode.onprocessorerror;
        this._onprocessorerror = _ !== null && _ === x ? h : _;
      }
      get parameters() {
        return this._parameters === null ? this._nativeAudioWorkletNode.parameters : this._parameters;
      }
      get port() {
        return this._nativeAudioWorkletNode.port;
      }
    };
function Ct(e, t, r, n, o) {
  if (typeof e.copyFromChannel == 'function')
    (t[r].byteLength === 0 && (t[r] = new Float32Array(128)), e.copyFromChannel(t[r], n, o));
  else {
    let a = e.getChannelData(n);
    if (t[r].byteLength === 0) t[r] = a.slice(o, o + 128);
    else {
      let i = new Float32Array(a.buffer, o * Float32Array.BYTES_PER_ELEMENT, 128);
      t[r].set(i);
    }
  }
}
var Tr = (e, t, r, n, o) => {
  typeof e.copyToChannel == 'function'
    ? t[r].byteLength !== 0 && e.copyToChannel(t[r], n, o)
    : t[r].byteLength !== 0 && e.getChannelData(n).set(t[r], o);
};
var At = (e, t) => {
  let r = [];
  for (let n = 0; n < e; n += 1) {
    let o = [],
      a = typeof t == 'number' ? t : t[n];
    for (let i = 0; i < a; i += 1) o.push(new Float32Array(128));
    r.push(o);
  }
  return r;
};
var Ts = (e, t) => {
  let r = pe(er, e),
    n = K(t);
  return pe(r, n);
};
var cp = async (e, t, r, n, o, a, i) => {
    let s = t === null ? Math.ceil(e.context.length / 128) * 128 : t.length,
      c = n.channelCount * n.numberOfInputs,
      l = o.reduce((x, _) => x + _, 0),
      u = l === 0 ? null : r.createBuffer(l, s, r.sampleRate);
    if (a === void 0) throw new Error('Missing the processor constructor.');
    let p = he(e),
      m = await Ts(r, e),
      d = At(n.numberOfInputs, n.channelCount),
      f = At(n.numberOfOutputs, o),
      h = Array.from(e.parameters.keys()).reduce((x, _) => ({ ...x, [_]: new Float32Array(128) }), {});
    for (let x = 0; x < s; x += 128) {
      if (n.numberOfInputs > 0 && t !== null)
        for (let _ = 0; _ < n.numberOfInputs; _ += 1)
          for (let y = 0; y < n.channelCount; y += 1) Ct(t, d[_], y, y, x);
      a.parameterDescriptors !== void 0 &&
        t !== null &&
        a.parameterDescriptors.forEach(({ name: _ }, y) => {
          Ct(t, h, _, c + y, x);
        });
      for (let _ = 0; _ < n.numberOfInputs; _ += 1)
        for (let y = 0; y < o[_]; y += 1) f[_][y].byteLength === 0 && (f[_][y] = new Float32Array(128));
      try {
        let _ = d.map((w, N) => (p.activeInputs[N].size === 0 ? [] : w)),
          y = i(x / r.sampleRate, r.sampleRate, () => m.process(_, f, h));
        if (u !== null)
          for (let w = 0, N = 0; w < n.numberOfOutputs; w += 1) {
            for (let g = 0; g < o[w]; g += 1) Tr(u, f[w], g, N + g, x);
            N += o[w];
          }
        if (!y) break;
      } catch (_) {
        e.dispatchEvent(
          new ErrorEvent('processorerror', {
            colno: _.colno,
            filename: _.filename,
            lineno: _.lineno,
            message: _.message,
          }),
        );
        break;
      }
    }
    return u;
  },
  Is = (e, t, r, n, o, a, i, s, c, l, u, p, m, d, f, h) => (x, _, y) => {
    let w = new WeakMap(),
      N = null,
      g = async (A, C) => {
        let v = u(A),
          O = null,
          T = z(v, C),
          I = Array.isArray(_.outputChannelCount) ? _.outputChannelCount : Array.from(_.outputChannelCount);
        if (p === null) {
          let b = I.reduce((E, S) => E + S, 0),
            F = o(C, {
              channelCount: Math.max(1, b),
              channelCountMode: 'explicit',
              channelInterpretation: 'discrete',
              numberOfOutputs: Math.max(1, b),
            }),
            W = [];
          for (let E = 0; E < A.numberOfOutputs; E += 1)
            W.push(
              n(C, {
                channelCount: 1,
                channelCountMode: 'explicit',
                channelInterpretation: 'speakers',
                numberOfInputs: I[E],
              }),
            );
          let L = i(C, {
            channelCount: _.channelCount,
            channelCountMode: _.channelCountMode,
            channelInterpretation: _.channelInterpretation,
            gain: 1,
          });
          ((L.connect = t.bind(null, W)), (L.disconnect = c.bind(null, W)), (O = [F, W, L]));
        } else T || (v = new p(C, x));
        if ((w.set(C, O === null ? v : O[2]), O !== null)) {
          if (N === null) {
            if (y === void 0) throw new Error('Missing the processor constructor.');
            if (m === null) throw new Error('Missing the native OfflineAudioContext constructor.');
            let S = A.channelCount * A.numberOfInputs,
              M = y.parameterDescriptors === void 0 ? 0 : y.parameterDescriptors.length,
              P = S + M;
            N = cp(
              A,
              P === 0
                ? null
                : await (async () => {
                    let R = new m(P, Math.ceil(A.context.length / 128) * 128, C.sampleRate),
                      G = [],
                      se = [];
                    for (let X = 0; X < _.numberOfInputs; X += 1)
                      (G.push(
                        i(R, {
                          channelCount: _.channelCount,
                          channelCountMode: _.channelCountMode,
                          channelInterpretation: _.channelInterpretation,
                          gain: 1,
                        }),
                      ),
                        se.push(
                          o(R, {
                            channelCount: _.channelCount,
                            channelCountMode: 'explicit',
                            channelInterpretation: 'discrete',
                            numberOfOutputs: _.channelCount,
                          }),
                        ));
                    let ue = await Promise.all(
                        Array.from(A.parameters.values()).map(async (X) => {
                          let te = a(R, {
                            channelCount: 1,
                            channelCountMode: 'explicit',
                            channelInterpretation: 'discrete',
                            offset: X.value,
                          });
                          return (await d(R, X, te.offset), te);
                        }),
                      ),
                      q = n(R, {
                        channelCount: 1,
                        channelCountMode: 'explicit',
                        channelInterpretation: 'speakers',
                        numberOfInputs: Math.max(1, S + M),
                      });
                    for (let X = 0; X < _.numberOfInputs; X += 1) {
                      G[X].connect(se[X]);
                      for (let te = 0; te < _.channelCount; te += 1)
                        se[X].connect(q, te, X * _.channelCount + te);
                    }
                    for (let [X, te] of ue.entries()) (te.connect(q, 0, S + X), te.start(0));
                    return (q.connect(R.destination), await Promise.all(G.map((X) => f(A, R, X))), h(R));
                  })(),
              C,
              _,
              I,
              y,
              l,
            );
          }
          let b = await N,
            F = r(C, {
              buffer: null,
              channelCount: 2,
              channelCountMode: 'max',
              channelInterpretation: 'speakers',
              loop: !1,
              loopEnd: 0,
              loopStart: 0,
              playbackRate: 1,
            }),
            [W, L, E] = O;
          (b !== null && ((F.buffer = b), F.start(0)), F.connect(W));
          for (let S = 0, M = 0; S < A.numberOfOutputs; S += 1) {
            let P = L[S];
            for (let D = 0; D < I[S]; D += 1) W.connect(P, M + D, D);
            M += I[S];
          }
          return E;
        }
        if (T) for (let [b, F] of A.parameters.entries()) await e(C, F, v.parameters.get(b));
        else for (let [b, F] of A.parameters.entries()) await d(C, F, v.parameters.get(b));
        return (await f(A, C, v), v);
      };
    return {
      render(A, C) {
        s(C, A);
        let v = w.get(C);
        return v !== void 0 ? Promise.resolve(v) : g(A, C);
      },
    };
  };
var Ms = (e, t, r, n, o, a, i, s, c, l, u, p, m, d, f, h, x, _, y, w) =>
  class extends f {
    constructor(g, A) {
      (super(g, A),
        (this._nativeContext = g),
        (this._audioWorklet = e === void 0 ? void 0 : { addModule: (C, v) => e(this, C, v) }));
    }
    get audioWorklet() {
      return this._audioWorklet;
    }
    createAnalyser() {
      return new t(this);
    }
    createBiquadFilter() {
      return new o(this);
    }
    createBuffer(g, A, C) {
      return new r({ length: A, numberOfChannels: g, sampleRate: C });
    }
    createBufferSource() {
      return new n(this);
    }
    createChannelMerger(g = 6) {
      return new a(this, { numberOfInputs: g });
    }
    createChannelSplitter(g = 6) {
      return new i(this, { numberOfOutputs: g });
    }
    createConstantSource() {
      return new s(this);
    }
    createConvolver() {
      return new c(this);
    }
    createDelay(g = 1) {
      return new u(this, { maxDelayTime: g });
    }
    createDynamicsCompressor() {
      return new p(this);
    }
    createGain() {
      return new m(this);
    }
    createIIRFilter(g, A) {
      return new d(this, { feedback: A, feedforward: g });
    }
    createOscillator() {
      return new h(this);
    }
    createPanner() {
      return new x(this);
    }
    createPeriodicWave(g, A, C = { disableNormalization: !1 }) {
      return new _(this, { ...C, imag: A, real: g });
    }
    createStereoPanner() {
      return new y(this);
    }
    createWaveShaper() {
      return new w(this);
    }
    decodeAudioData(g, A, C) {
      return l(this._nativeContext, g).then(
        (v) => (typeof A == 'function' && A(v), v),
        (v) => {
          throw (typeof C == 'function' && C(v), v);
        },
      );
    }
  };
var up = {
    Q: 1,
    channelCount: 2,
    channelCountMode: 'max',
    channelInterpretation: 'speakers',
    detune: 0,
    frequency: 350,
    gain: 0,
    type: 'lowpass',
  },
  Os = (e, t, r, n, o, a, i, s) =>
    class extends e {
      constructor(l, u) {
        let p = a(l),
          m = { ...up, ...u },
          d = o(p, m),
          f = i(p),
          h = f ? r() : null;
        (super(l, !1, d, h),
          (this._Q = t(this, f, d.Q, ae, ie)),
          (this._detune = t(this, f, d.detune, 1200 * Math.log2(ae), -1200 * Math.log2(ae))),
          (this._frequency = t(this, f, d.frequency, l.sampleRate / 2, 0)),
          (this._gain = t(this, f, d.gain, 40 * Math.log10(ae), ie)),
          (this._nativeBiquadFilterNode = d),
          s(this, 1));
      }
      get detune() {
        return this._detune;
      }
      get frequency() {
        return this._frequency;
      }
      get gain() {
        return this._gain;
      }
      get Q() {
        return this._Q;
      }
      get type() {
        return this._nativeBiquadFilterNode.type;
      }
      set type(l) {
        this._nativeBiquadFilterNode.type = l;
      }
      getFrequencyResponse(l, u, p) {
        try {
          this._nativeBiquadFilterNode.getFrequencyResponse(l, u, p);
        } catch (m) {
          throw m.code === 11 ? n() : m;
        }
        if (l.length !== u.length || u.length !== p.length) throw n();
      }
    };
var ks = (e, t, r, n, o) => () => {
  let a = new WeakMap(),
    i = async (s, c) => {
      let l = r(s),
        u = z(l, c);
      if (!u) {
        let p = {
          Q: l.Q.value,
          channelCount: l.channelCount,
          channelCountMode: l.channelCountMode,
          channelInterpretation: l.channelInterpretation,
          detune: l.detune.value,
          frequency: l.frequency.value,
          gain: l.gain.value,
          type: l.type,
        };
        l = t(c, p);
      }
      return (
        a.set(c, l),
        u
          ? (await e(c, s.Q, l.Q),
            await e(c, s.detune, l.detune),
            await e(c, s.frequency, l.frequency),
            await e(c, s.gain, l.gain))
          : (await n(c, s.Q, l.Q),
            await n(c, s.detune, l.detune),
            await n(c, s.frequency, l.frequency),
            await n(c, s.gain, l.gain)),
        await o(s, c, l),
        l
      );
    };
  return {
    render(s, c) {
      let l = a.get(c);
      return l !== void 0 ? Promise.resolve(l) : i(s, c);
    },
  };
};
var Rs = (e, t) => (r, n) => {
  let o = t.get(r);
  if (o !== void 0) return o;
  let a = e.get(r);
  if (a !== void 0) return a;
  try {
    let i = n();
    return i instanceof Promise
      ? (e.set(r, i), i.catch(() => !1).then((s) => (e.delete(r), t.set(r, s), s)))
      : (t.set(r, i), i);
  } catch {
    return (t.set(r, !1), !1);
  }
};
var lp = {
    channelCount: 1,
    channelCountMode: 'explicit',
    channelInterpretation: 'speakers',
    numberOfInputs: 6,
  },
  Ps = (e, t, r, n, o) =>
    class extends e {
      constructor(i, s) {
        let c = n(i),
          l = { ...lp, ...s },
          u = r(c, l),
          p = o(c) ? t() : null;
        super(i, !1, u, p);
      }
    };
var Ds = (e, t, r) => () => {
  let n = new WeakMap(),
    o = async (a, i) => {
      let s = t(a);
      if (!z(s, i)) {
        let l = {
          channelCount: s.channelCount,
          channelCountMode: s.channelCountMode,
          channelInterpretation: s.channelInterpretation,
          numberOfInputs: s.numberOfInputs,
        };
        s = e(i, l);
      }
      return (n.set(i, s), await r(a, i, s), s);
    };
  return {
    render(a, i) {
      let s = n.get(i);
      return s !== void 0 ? Promise.resolve(s) : o(a, i);
    },
  };
};
var pp = {
    channelCount: 6,
    channelCountMode: 'explicit',
    channelInterpretation: 'discrete',
    numberOfOutputs: 6,
  },
  Fs = (e, t, r, n, o, a) =>
    class extends e {
      constructor(s, c) {
        let l = n(s),
          u = a({ ...pp, ...c }),
          p = r(l, u),
          m = o(l) ? t() : null;
        super(s, !1, p, m);
      }
    };
var Ls = (e, t, r) => () => {
  let n = new WeakMap(),
    o = async (a, i) => {
      let s = t(a);
      if (!z(s, i)) {
        let l = {
          channelCount: s.channelCount,
          channelCountMode: s.channelCountMode,
          channelInterpretation: s.channelInterpretation,
          numberOfOutputs: s.numberOfOutputs,
        };
        s = e(i, l);
      }
      return (n.set(i, s), await r(a, i, s), s);
    };
  return {
    render(a, i) {
      let s = n.get(i);
      return s !== void 0 ? Promise.resolve(s) : o(a, i);
    },
  };
};
var Ws = (e) => (t, r, n) => e(r, t, n);
var Bs =
  (e) =>
  (t, r, n = 0, o = 0) => {
    let a = t[n];
    if (a === void 0) throw e();
    return ct(r) ? a.connect(r, 0, o) : a.connect(r, 0);
  };
var Us = (e) => (t, r) => {
  let n = e(t, {
      buffer: null,
      channelCount: 2,
      channelCountMode: 'max',
      channelInterpretation: 'speakers',
      loop: !1,
      loopEnd: 0,
      loopStart: 0,
      playbackRate: 1,
    }),
    o = t.createBuffer(1, 2, 44100);
  return (
    (n.buffer = o),
    (n.loop = !0),
    n.connect(r),
    n.start(),
    () => {
      (n.stop(), n.disconnect(r));
    }
  );
};
var dp = { channelCount: 2, channelCountMode: 'max', channelInterpretation: 'speakers', offset: 1 },
  Vs = (e, t, r, n, o, a, i) =>
    class extends e {
      constructor(c, l) {
        let u = o(c),
          p = { ...dp, ...l },
          m = n(u, p),
          d = a(u),
          f = d ? r() : null;
        (super(c, !1, m, f),
          (this._constantSourceNodeRenderer = f),
          (this._nativeConstantSourceNode = m),
          (this._offset = t(this, d, m.offset, ae, ie)),
          (this._onended = null));
      }
      get offset() {
        return this._offset;
      }
      get onended() {
        return this._onended;
      }
      set onended(c) {
        let l = typeof c == 'function' ? i(this, c) : null;
        this._nativeConstantSourceNode.onended = l;
        let u = this._nativeConstantSourceNode.onended;
        this._onended = u !== null && u === l ? c : u;
      }
      start(c = 0) {
        if (
          (this._nativeConstantSourceNode.start(c),
          this._constantSourceNodeRenderer !== null && (this._constantSourceNodeRenderer.start = c),
          this.context.state !== 'closed')
        ) {
          Re(this);
          let l = () => {
            (this._nativeConstantSourceNode.removeEventListener('ended', l), Ne(this) && Be(this));
          };
          this._nativeConstantSourceNode.addEventListener('ended', l);
        }
      }
      stop(c = 0) {
        (this._nativeConstantSourceNode.stop(c),
          this._constantSourceNodeRenderer !== null && (this._constantSourceNodeRenderer.stop = c));
      }
    };
var qs = (e, t, r, n, o) => () => {
  let a = new WeakMap(),
    i = null,
    s = null,
    c = async (l, u) => {
      let p = r(l),
        m = z(p, u);
      if (!m) {
        let d = {
          channelCount: p.channelCount,
          channelCountMode: p.channelCountMode,
          channelInterpretation: p.channelInterpretation,
          offset: p.offset.value,
        };
        ((p = t(u, d)), i !== null && p.start(i), s !== null && p.stop(s));
      }
      return (
        a.set(u, p),
        m ? await e(u, l.offset, p.offset) : await n(u, l.offset, p.offset),
        await o(l, u, p),
        p
      );
    };
  return {
    set start(l) {
      i = l;
    },
    set stop(l) {
      s = l;
    },
    render(l, u) {
      let p = a.get(u);
      return p !== void 0 ? Promise.resolve(p) : c(l, u);
    },
  };
};
var Gs = (e) => (t) => ((e[0] = t), e[0]);
var fp = {
    buffer: null,
    channelCount: 2,
    channelCountMode: 'clamped-max',
    channelInterpretation: 'speakers',
    disableNormalization: !1,
  },
  js = (e, t, r, n, o, a) =>
    class extends e {
      constructor(s, c) {
        let l = n(s),
          u = { ...fp, ...c },
          p = r(l, u),
          d = o(l) ? t() : null;
        (super(s, !1, p, d),
          (this._isBufferNullified = !1),
          (this._nativeConvolverNode = p),
          u.buffer !== null && a(this, u.buffer.duration));
      }
      get buffer() {
        return this._isBufferNullified ? null : this._nativeConvolverNode.buffer;
      }
      set buffer(s) {
        if (
          ((this._nativeConvolverNode.buffer = s), s === null && this._nativeConvolverNode.buffer !== null)
        ) {
          let c = this._nativeConvolverNode.context;
          ((this._nativeConvolverNode.buffer = c.createBuffer(1, 1, c.sampleRate)),
            (this._isBufferNullified = !0),
            a(this, 0));
        } else
          ((this._isBufferNullified = !1),
            a(
              this,
              this._nativeConvolverNode.buffer === null ? 0 : this._nativeConvolverNode.buffer.duration,
            ));
      }
      get normalize() {
        return this._nativeConvolverNode.normalize;
      }
      set normalize(s) {
        this._nativeConvolverNode.normalize = s;
      }
    };
var zs = (e, t, r) => () => {
  let n = new WeakMap(),
    o = async (a, i) => {
      let s = t(a);
      if (!z(s, i)) {
        let l = {
          buffer: s.buffer,
          channelCount: s.channelCount,
          channelCountMode: s.channelCountMode,
          channelInterpretation: s.channelInterpretation,
          disableNormalization: !s.normalize,
        };
        s = e(i, l);
      }
      return (n.set(i, s), Ie(s) ? await r(a, i, s.inputs[0]) : await r(a, i, s), s);
    };
  return {
    render(a, i) {
      let s = n.get(i);
      return s !== void 0 ? Promise.resolve(s) : o(a, i);
    },
  };
};
var Ys = (e, t) => (r, n, o) => {
  if (t === null) throw new Error('Missing the native OfflineAudioContext constructor.');
  try {
    return new t(r, n, o);
  } catch (a) {
    throw a.name === 'SyntaxError' ? e() : a;
  }
};
var Hs = () => new DOMException('', 'DataCloneError');
var vn = (e) => {
  let { port1: t, port2: r } = new MessageChannel();
  return new Promise((n) => {
    let o = () => {
      ((r.onmessage = null), t.close(), r.close(), n());
    };
    r.onmessage = () => o();
    try {
      t.postMessage(e, [e]);
    } catch {
    } finally {
      o();
    }
  });
};
var $s = (e, t, r, n, o, a, i, s, c, l, u) => (p, m) => {
  let d = i(p) ? p : a(p);
  if (o.has(m)) {
    let f = r();
    return Promise.reject(f);
  }
  try {
    o.add(m);
  } catch {}
  return t(c, () => c(d))
    ? d.decodeAudioData(m).then((f) => (vn(m).catch(() => {}), t(s, () => s(f)) || u(f), e.add(f), f))
    : new Promise((f, h) => {
        let x = async () => {
            try {
              await vn(m);
            } catch {}
          },
          _ = (y) => {
            (h(y), x());
          };
        try {
          d.decodeAudioData(
            m,
            (y) => {
              (typeof y.copyFromChannel != 'function' && (l(y), _t(y)), e.add(y), x().then(() => f(y)));
            },
            (y) => {
              _(y === null ? n() : y);
            },
          );
        } catch (y) {
          _(y);
        }
      });
};
var Xs = (e, t, r, n, o, a, i, s) => (c, l) => {
  let u = t.get(c);
  if (u === void 0) throw new Error('Missing the expected cycle count.');
  let p = a(c.context),
    m = s(p);
  if (u === l) {
    if ((t.delete(c), !m && i(c))) {
      let d = n(c),
        { outputs: f } = r(c);
      for (let h of f)
        if (Je(h)) {
          let x = n(h[0]);
          e(d, x, h[1], h[2]);
        } else {
          let x = o(h[0]);
          d.connect(x, h[1]);
        }
    }
  } else t.set(c, u - l);
};
var mp = {
    channelCount: 2,
    channelCountMode: 'max',
    channelInterpretation: 'speakers',
    delayTime: 0,
    maxDelayTime: 1,
  },
  Zs = (e, t, r, n, o, a, i) =>
    class extends e {
      constructor(c, l) {
        let u = o(c),
          p = { ...mp, ...l },
          m = n(u, p),
          d = a(u),
          f = d ? r(p.maxDelayTime) : null;
        (super(c, !1, m, f), (this._delayTime = t(this, d, m.delayTime)), i(this, p.maxDelayTime));
      }
      get delayTime() {
        return this._delayTime;
      }
    };
var Qs = (e, t, r, n, o) => (a) => {
  let i = new WeakMap(),
    s = async (c, l) => {
      let u = r(c),
        p = z(u, l);
      if (!p) {
        let m = {
          channelCount: u.channelCount,
          channelCountMode: u.channelCountMode,
          channelInterpretation: u.channelInterpretation,
          delayTime: u.delayTime.value,
          maxDelayTime: a,
        };
        u = t(l, m);
      }
      return (
        i.set(l, u),
        p ? await e(l, c.delayTime, u.delayTime) : await n(l, c.delayTime, u.delayTime),
        await o(c, l, u),
        u
      );
    };
  return {
    render(c, l) {
      let u = i.get(l);
      return u !== void 0 ? Promise.resolve(u) : s(c, l);
    },
  };
};
var Ks = (e) => (t, r, n, o) => e(t[o], (a) => a[0] === r && a[1] === n);
var Js = (e) => (t, r) => {
  e(t).delete(r);
};
var ei = (e) => 'delayTime' in e;
var ti = (e, t, r) =>
  function n(o, a) {
    let i = st(a) ? a : r(e, a);
    if (ei(i)) return [];
    if (o[0] === i) return [o];
    if (o.includes(i)) return [];
    let { outputs: s } = t(i);
    return Array.from(s)
      .map((c) => n([...o, i], c[0]))
      .reduce((c, l) => c.concat(l), []);
  };
var Ir = (e, t, r) => {
    let n = t[r];
    if (n === void 0) throw e();
    return n;
  },
  ri =
    (e) =>
    (t, r = void 0, n = void 0, o = 0) =>
      r === void 0
        ? t.forEach((a) => a.disconnect())
        : typeof r == 'number'
          ? Ir(e, t, r).disconnect()
          : ct(r)
            ? n === void 0
              ? t.forEach((a) => a.disconnect(r))
              : o === void 0
                ? Ir(e, t, n).disconnect(r, 0)
                : Ir(e, t, n).disconnect(r, 0, o)
            : n === void 0
              ? t.forEach((a) => a.disconnect(r))
              : Ir(e, t, n).disconnect(r, 0);
var hp = {
    attack: 0.003,
    channelCount: 2,
    channelCountMode: 'clamped-max',
    channelInterpretation: 'speakers',
    knee: 30,
    ratio: 12,
    release: 0.25,
    threshold: -24,
  },
  ni = (e, t, r, n, o, a, i, s) =>
    class extends e {
      constructor(l, u) {
        let p = a(l),
          m = { ...hp, ...u },
          d = n(p, m),
          f = i(p),
          h = f ? r() : null;
        (super(l, !1, d, h),
          (this._attack = t(this, f, d.attack)),
          (this._knee = t(this, f, d.knee)),
          (this._nativeDynamicsCompressorNode = d),
          (this._ratio = t(this, f, d.ratio)),
          (this._release = t(this, f, d.release)),
          (this._threshold = t(this, f, d.threshold)),
          s(this, 0.006));
      }
      get attack() {
        return this._attack;
      }
      get channelCount() {
        return this._nativeDynamicsCompressorNode.channelCount;
      }
      set channelCount(l) {
        let u = this._nativeDynamicsCompressorNode.channelCount;
        if (((this._nativeDynamicsCompressorNode.channelCount = l), l > 2))
          throw ((this._nativeDynamicsCompressorNode.channelCount = u), o());
      }
      get channelCountMode() {
        return this._nativeDynamicsCompressorNode.channelCountMode;
      }
      set channelCountMode(l) {
        let u = this._nativeDynamicsCompressorNode.channelCountMode;
        if (((this._nativeDynamicsCompressorNode.channelCountMode = l), l === 'max'))
          throw ((this._nativeDynamicsCompressorNode.channelCountMode = u), o());
      }
      get knee() {
        return this._knee;
      }
      get ratio() {
        return this._ratio;
      }
      get reduction() {
        return typeof this._nativeDynamicsCompressorNode.reduction.value == 'number'
          ? this._nativeDynamicsCompressorNode.reduction.value
          : this._nativeDynamicsCompressorNode.reduction;
      }
      get release() {
        return this._release;
      }
      get threshold() {
        return this._threshold;
      }
    };
var oi = (e, t, r, n, o) => () => {
  let a = new WeakMap(),
    i = async (s, c) => {
      let l = r(s),
        u = z(l, c);
      if (!u) {
        let p = {
          attack: l.attack.value,
          channelCount: l.channelCount,
          channelCountMode: l.channelCountMode,
          channelInterpretation: l.channelInterpretation,
          knee: l.knee.value,
          ratio: l.ratio.value,
          release: l.release.value,
          threshold: l.threshold.value,
        };
        l = t(c, p);
      }
      return (
        a.set(c, l),
        u
          ? (await e(c, s.attack, l.attack),
            await e(c, s.knee, l.knee),
            await e(c, s.ratio, l.ratio),
            await e(c, s.release, l.release),
            await e(c, s.threshold, l.threshold))
          : (await n(c, s.attack, l.attack),
            await n(c, s.knee, l.knee),
            await n(c, s.ratio, l.ratio),
            await n(c, s.release, l.release),
            await n(c, s.threshold, l.threshold)),
        await o(s, c, l),
        l
      );
    };
  return {
    render(s, c) {
      let l = a.get(c);
      return l !== void 0 ? Promise.resolve(l) : i(s, c);
    },
  };
};
var ai = () => new DOMException('', 'EncodingError');
var si = (e) => (t) =>
  new Promise((r, n) => {
    if (e === null) {
      n(new SyntaxError());
      return;
    }
    let o = e.document.head;
    if (o === null) n(new SyntaxError());
    else {
      let a = e.document.createElement('script'),
        i = new Blob([t], { type: 'application/javascript' }),
        s = URL.createObjectURL(i),
        c = e.onerror,
        l = () => {
          ((e.onerror = c), URL.revokeObjectURL(s));
        };
      ((e.onerror = (u, p, m, d, f) => {
        if (p === s || (p === e.location.href && m === 1 && d === 1)) return (l(), n(f), !1);
        if (c !== null) return c(u, p, m, d, f);
      }),
        (a.onerror = () => {
          (l(), n(new SyntaxError()));
        }),
        (a.onload = () => {
          (l(), r());
        }),
        (a.src = s),
        (a.type = 'module'),
        o.appendChild(a));
    }
  });
var ii = (e) =>
  class {
    constructor(r) {
      ((this._nativeEventTarget = r), (this._listeners = new WeakMap()));
    }
    addEventListener(r, n, o) {
      if (n !== null) {
        let a = this._listeners.get(n);
        (a === void 0 && ((a = e(this, n)), typeof n == 'function' && this._listeners.set(n, a)),
          this._nativeEventTarget.addEventListener(r, a, o));
      }
    }
    dispatchEvent(r) {
      return this._nativeEventTarget.dispatchEvent(r);
    }
    removeEventListener(r, n, o) {
      let a = n === null ? void 0 : this._listeners.get(n);
      this._nativeEventTarget.removeEventListener(r, a === void 0 ? null : a, o);
    }
  };
var ci = (e) => (t, r, n) => {
  Object.defineProperties(e, {
    currentFrame: {
      configurable: !0,
      get() {
        return Math.round(t * r);
      },
    },
    currentTime: {
      configurable: !0,
      get() {
        return t;
      },
    },
  });
  try {
    return n();
  } finally {
    e !== null && (delete e.currentFrame, delete e.currentTime);
  }
};
var ui = (e) => async (t) => {
  try {
    let r = await fetch(t);
    if (r.ok) return [await r.text(), r.url];
  } catch {}
  throw e();
};
var xp = { channelCount: 2, channelCountMode: 'max', channelInterpretation: 'speakers', gain: 1 },
  li = (e, t, r, n, o, a) =>
    class extends e {
      constructor(s, c) {
        let l = o(s),
          u = { ...xp, ...c },
          p = n(l, u),
          m = a(l),
          d = m ? r() : null;
        (super(s, !1, p, d), (this._gain = t(this, m, p.gain, ae, ie)));
      }
      get gain() {
        return this._gain;
      }
    };
var pi = (e, t, r, n, o) => () => {
  let a = new WeakMap(),
    i = async (s, c) => {
      let l = r(s),
        u = z(l, c);
      if (!u) {
        let p = {
          channelCount: l.channelCount,
          channelCountMode: l.channelCountMode,
          channelInterpretation: l.channelInterpretation,
          gain: l.gain.value,
        };
        l = t(c, p);
      }
      return (a.set(c, l), u ? await e(c, s.gain, l.gain) : await n(c, s.gain, l.gain), await o(s, c, l), l);
    };
  return {
    render(s, c) {
      let l = a.get(c);
      return l !== void 0 ? Promise.resolve(l) : i(s, c);
    },
  };
};
var di = (e, t) => (r) => t(e, r);
var fi = (e) => (t) => {
  let r = e(t);
  if (r.renderer === null) throw new Error('Missing the renderer of the given AudioNode in the audio graph.');
  return r.renderer;
};
var mi = (e) => (t) => {
  var r;
  return (r = e.get(t)) !== null && r !== void 0 ? r : 0;
};
var hi = (e) => (t) => {
  let r = e(t);
  if (r.renderer === null)
    throw new Error('Missing the renderer of the given AudioParam in the audio graph.');
  return r.renderer;
};
var xi = (e) => (t) => e.get(t);
var re = () => new DOMException('', 'InvalidStateError');
var _i = (e) => (t) => {
  let r = e.get(t);
  if (r === void 0) throw re();
  return r;
};
var gi = (e, t) => (r) => {
  let n = e.get(r);
  if (n !== void 0) return n;
  if (t === null) throw new Error('Missing the native OfflineAudioContext constructor.');
  return ((n = new t(1, 1, 44100)), e.set(r, n), n);
};
var vi = (e) => (t) => {
  let r = e.get(t);
  if (r === void 0) throw new Error('The context has no set of AudioWorkletNodes.');
  return r;
};
var wt = () => new DOMException('', 'InvalidAccessError');
var yi = (e) => {
  e.getFrequencyResponse = ((t) => (r, n, o) => {
    if (r.length !== n.length || n.length !== o.length) throw wt();
    return t.call(e, r, n, o);
  })(e.getFrequencyResponse);
};
var _p = { channelCount: 2, channelCountMode: 'max', channelInterpretation: 'speakers' },
  Ni = (e, t, r, n, o, a) =>
    class extends e {
      constructor(s, c) {
        let l = n(s),
          u = o(l),
          p = { ..._p, ...c },
          m = t(l, u ? null : s.baseLatency, p),
          d = u ? r(p.feedback, p.feedforward) : null;
        (super(s, !1, m, d), yi(m), (this._nativeIIRFilterNode = m), a(this, 1));
      }
      getFrequencyResponse(s, c, l) {
        return this._nativeIIRFilterNode.getFrequencyResponse(s, c, l);
      }
    };
var Mr = (e, t, r, n, o, a, i, s, c, l, u) => {
  let p = l.length,
    m = s;
  for (let d = 0; d < p; d += 1) {
    let f = r[0] * l[d];
    for (let h = 1; h < o; h += 1) {
      let x = (m - h) & (c - 1);
      ((f += r[h] * a[x]), (f -= e[h] * i[x]));
    }
    for (let h = o; h < n; h += 1) f += r[h] * a[(m - h) & (c - 1)];
    for (let h = o; h < t; h += 1) f -= e[h] * i[(m - h) & (c - 1)];
    ((a[m] = l[d]), (i[m] = f), (m = (m + 1) & (c - 1)), (u[d] = f));
  }
  return m;
};
var gp = (e, t, r, n) => {
    let o = r instanceof Float64Array ? r : new Float64Array(r),
      a = n instanceof Float64Array ? n : new Float64Array(n),
      i = o.length,
      s = a.length,
      c = Math.min(i, s);
    if (o[0] !== 1) {
      for (let f = 0; f < i; f += 1) a[f] /= o[0];
      for (let f = 1; f < s; f += 1) o[f] /= o[0];
    }
    let l = 32,
      u = new Float32Array(l),
      p = new Float32Array(l),
      m = t.createBuffer(e.numberOfChannels, e.length, e.sampleRate),
      d = e.numberOfChannels;
    for (let f = 0; f < d; f += 1) {
      let h = e.getChannelData(f),
        x = m.getChannelData(f);
      (u.fill(0), p.fill(0), Mr(o, i, a, s, c, u, p, 0, l, h, x));
    }
    return m;
  },
  Ci = (e, t, r, n, o) => (a, i) => {
    let s = new WeakMap(),
      c = null,
      l = async (u, p) => {
        let m = null,
          d = t(u),
          f = z(d, p);
        if (
          (p.createIIRFilter === void 0
            ? (m = e(p, {
                buffer: null,
                channelCount: 2,
                channelCountMode: 'max',
                channelInterpretation: 'speakers',
                loop: !1,
                loopEnd: 0,
                loopStart: 0,
                playbackRate: 1,
              }))
            : f || (d = p.createIIRFilter(i, a)),
          s.set(p, m === null ? d : m),
          m !== null)
        ) {
          if (c === null) {
            if (r === null) throw new Error('Missing the native OfflineAudioContext constructor.');
            let x = new r(u.context.destination.channelCount, u.context.length, p.sampleRate);
            c = (async () => {
              await n(u, x, x.destination);
              let _ = await o(x);
              return gp(_, p, a, i);
            })();
          }
          let h = await c;
          return ((m.buffer = h), m.start(0), m);
        }
        return (await n(u, p, d), d);
      };
    return {
      render(u, p) {
        let m = s.get(p);
        return m !== void 0 ? Promise.resolve(m) : l(u, p);
      },
    };
  };
var Ai = (e, t, r, n, o, a) => (i) => (s, c) => {
  let l = e.get(s);
  if (l === void 0) {
    if (!i && a(s)) {
      let u = n(s),
        { outputs: p } = r(s);
      for (let m of p)
        if (Je(m)) {
          let d = n(m[0]);
          t(u, d, m[1], m[2]);
        } else {
          let d = o(m[0]);
          u.disconnect(d, m[1]);
        }
    }
    e.set(s, c);
  } else e.set(s, l + c);
};
var wi = (e, t) => (r) => {
  let n = e.get(r);
  return t(n) || t(r);
};
var Ei = (e, t) => (r) => e.has(r) || t(r);
var bi = (e, t) => (r) => e.has(r) || t(r);
var Si = (e, t) => (r) => {
  let n = e.get(r);
  return t(n) || t(r);
};
var Ti = (e) => (t) => e !== null && t instanceof e;
var Ii = (e) => (t) => e !== null && typeof e.AudioNode == 'function' && t instanceof e.AudioNode;
var Mi = (e) => (t) => e !== null && typeof e.AudioParam == 'function' && t instanceof e.AudioParam;
var Oi = (e, t) => (r) => e(r) || t(r);
var ki = (e) => (t) => e !== null && t instanceof e;
var Ri = (e) => e !== null && e.isSecureContext;
var Pi = (e, t, r, n) =>
  class extends e {
    constructor(a, i) {
      let s = r(a),
        c = t(s, i);
      if (n(s)) throw TypeError();
      (super(a, !0, c, null), (this._nativeMediaElementAudioSourceNode = c));
    }
    get mediaElement() {
      return this._nativeMediaElementAudioSourceNode.mediaElement;
    }
  };
var vp = { channelCount: 2, channelCountMode: 'explicit', channelInterpretation: 'speakers' },
  Di = (e, t, r, n) =>
    class extends e {
      constructor(a, i) {
        let s = r(a);
        if (n(s)) throw new TypeError();
        let c = { ...vp, ...i },
          l = t(s, c);
        (super(a, !1, l, null), (this._nativeMediaStreamAudioDestinationNode = l));
      }
      get stream() {
        return this._nativeMediaStreamAudioDestinationNode.stream;
      }
    };
var Fi = (e, t, r, n) =>
  class extends e {
    constructor(a, i) {
      let s = r(a),
        c = t(s, i);
      if (n(s)) throw new TypeError();
      (super(a, !0, c, null), (this._nativeMediaStreamAudioSourceNode = c));
    }
    get mediaStream() {
      return this._nativeMediaStreamAudioSourceNode.mediaStream;
    }
  };
var Li = (e, t, r) =>
  class extends e {
    constructor(o, a) {
      let i = r(o),
        s = t(i, a);
      super(o, !0, s, null);
    }
  };
var Wi = (e, t, r, n, o) =>
  class extends n {
    constructor(i = {}) {
      if (o === null) throw new Error('Missing the native AudioContext constructor.');
      let s;
      try {
        s = new o(i);
      } catch (u) {
        throw u.code === 12 && u.message === 'sampleRate is not in range' ? t() : u;
      }
      if (s === null) throw r();
      if (!br(i.latencyHint))
        throw new TypeError(
          `The provided value '${i.latencyHint}' is not a valid enum value of type AudioContextLatencyCategory.`,
        );
      if (i.sampleRate !== void 0 && s.sampleRate !== i.sampleRate) throw t();
      super(s, 2);
      let { latencyHint: c } = i,
        { sampleRate: l } = s;
      if (
        ((this._baseLatency =
          typeof s.baseLatency == 'number'
            ? s.baseLatency
            : c === 'balanced'
              ? 512 / l
              : c === 'interactive' || c === void 0
                ? 256 / l
                : c === 'playback'
                  ? 1024 / l
                  : (Math.max(2, Math.min(128, Math.round((c * l) / 128))) * 128) / l),
        (this._nativeAudioContext = s),
        o.name === 'webkitAudioContext'
          ? ((this._nativeGainNode = s.createGain()),
            (this._nativeOscillatorNode = s.createOscillator()),
            (this._nativeGainNode.gain.value = 1e-37),
            this._nativeOscillatorNode.connect(this._nativeGainNode).connect(s.destination),
            this._nativeOscillatorNode.start())
          : ((this._nativeGainNode = null), (this._nativeOscillatorNode = null)),
        (this._state = null),
        s.state === 'running')
      ) {
        this._state = 'suspended';
        let u = () => {
          (this._state === 'suspended' && (this._state = null), s.removeEventListener('statechange', u));
        };
        s.addEventListener('statechange', u);
      }
    }
    get baseLatency() {
      return this._baseLatency;
    }
    get state() {
      return this._state !== null ? this._state : this._nativeAudioContext.state;
    }
    close() {
      return this.state === 'closed'
        ? this._nativeAudioContext.close().then(() => {
            throw e();
          })
        : (this._state === 'suspended' && (this._state = null),
          this._nativeAudioContext.close().then(() => {
            (this._nativeGainNode !== null &&
              this._nativeOscillatorNode !== null &&
              (this._nativeOscillatorNode.stop(),
              this._nativeGainNode.disconnect(),
              this._nativeOscillatorNode.disconnect()),
              Ke(this));
          }));
    }
    resume() {
      return this._state === 'suspended'
        ? new Promise((i, s) => {
            let c = () => {
              (this._nativeAudioContext.removeEventListener('statechange', c),
                this._nativeAudioContext.state === 'running' ? i() : this.resume().then(i, s));
            };
            this._nativeAudioContext.addEventListener('statechange', c);
          })
        : this._nativeAudioContext.resume().catch((i) => {
            throw i === void 0 || i.code === 15 ? e() : i;
          });
    }
    suspend() {
      return this._nativeAudioContext.suspend().catch((i) => {
        throw i === void 0 ? e() : i;
      });
    }
  };
var Bi = (e, t, r, n, o, a) =>
  class extends r {
    constructor(s, c) {
      (super(s),
        (this._nativeContext = s),
        ht.set(this, s),
        n(s) && o.set(s, new Set()),
        (this._destination = new e(this, c)),
        (this._listener = t(this, s)),
        (this._onstatechange = null));
    }
    get currentTime() {
      return this._nativeContext.currentTime;
    }
    get destination() {
      return this._destination;
    }
    get listener() {
      return this._listener;
    }
    get onstatechange() {
      return this._onstatechange;
    }
    set onstatechange(s) {
      let c = typeof s == 'function' ? a(this, s) : null;
      this._nativeContext.onstatechange = c;
      let l = this._nativeContext.onstatechange;
      this._onstatechange = l !== null && l === c ? s : l;
    }
    get sampleRate() {
      return this._nativeContext.sampleRate;
    }
    get state() {
      return this._nativeContext.state;
    }
  };
var De = (e) => {
  let t = new Uint32Array([
    1179011410, 40, 1163280727, 544501094, 16, 131073, 44100, 176400, 1048580, 1635017060, 4, 0,
  ]);
  try {
    let r = e.decodeAudioData(t.buffer, () => {});
    return r === void 0 ? !1 : (r.catch(() => {}), !0);
  } catch {}
  return !1;
};
var yp = { numberOfChannels: 1 },
  Ui = (e, t, r, n, o) =>
    class extends n {
      constructor(i) {
        let { length: s, numberOfChannels: c, sampleRate: l } = { ...yp, ...i },
          u = r(c, s, l);
        (e(De, () => De(u)) ||
          u.addEventListener(
            'statechange',
            (() => {
              let p = 0,
                m = (d) => {
                  this._state === 'running' &&
                    (p > 0
                      ? (u.removeEventListener('statechange', m),
                        d.stopImmediatePropagation(),
                        this._waitForThePromiseToSettle(d))
                      : (p += 1));
                };
              return m;
            })(),
          ),
          super(u, c),
          (this._length = s),
          (this._nativeOfflineAudioContext = u),
          (this._state = null));
      }
      get length() {
        return this._nativeOfflineAudioContext.length === void 0
          ? this._length
          : this._nativeOfflineAudioContext.length;
      }
      get state() {
        return this._state === null ? this._nativeOfflineAudioContext.state : this._state;
      }
      startRendering() {
        return this._state === 'running'
          ? Promise.reject(t())
          : ((this._state = 'running'),
            o(this.destination, this._nativeOfflineAudioContext).finally(() => {
              ((this._state = null), Ke(this));
            }));
      }
      _waitForThePromiseToSettle(i) {
        this._state === null
          ? this._nativeOfflineAudioContext.dispatchEvent(i)
          : setTimeout(() => this._waitForThePromiseToSettle(i));
      }
    };
var Vi = (e, t) => (r, n, o) => {
  let a = new Set();
  return (
    (r.connect = (
      (i) =>
      (s, c = 0, l = 0) => {
        let u = a.size === 0;
        if (t(s))
          return (
            i.call(r, s, c, l),
            e(a, [s, c, l], (p) => p[0] === s && p[1] === c && p[2] === l, !0),
            u && n(),
            s
          );
        (i.call(r, s, c), e(a, [s, c], (p) => p[0] === s && p[1] === c, !0), u && n());
      }
    )(r.connect)),
    (r.disconnect = ((i) => (s, c, l) => {
      let u = a.size > 0;
      if (s === void 0) (i.apply(r), a.clear());
      else if (typeof s == 'number') {
        i.call(r, s);
        for (let m of a) m[1] === s && a.delete(m);
      } else {
        t(s) ? i.call(r, s, c, l) : i.call(r, s, c);
        for (let m of a)
          m[0] === s && (c === void 0 || m[1] === c) && (l === void 0 || m[2] === l) && a.delete(m);
      }
      let p = a.size === 0;
      u && p && o();
    })(r.disconnect)),
    r
  );
};
var Y = (e, t, r) => {
  let n = t[r];
  n !== void 0 && n !== e[r] && (e[r] = n);
};
var j = (e, t) => {
  (Y(e, t, 'channelCount'), Y(e, t, 'channelCountMode'), Y(e, t, 'channelInterpretation'));
};
var yn = (e) => typeof e.getFloatTimeDomainData == 'function';
var qi = (e) => {
  e.getFloatTimeDomainData = (t) => {
    let r = new Uint8Array(t.length);
    e.getByteTimeDomainData(r);
    let n = Math.max(r.length, e.fftSize);
    for (let o = 0; o < n; o += 1) t[o] = (r[o] - 128) * 0.0078125;
    return t;
  };
};
var Gi = (e, t) => (r, n) => {
  let o = r.createAnalyser();
  if ((j(o, n), !(n.maxDecibels > n.minDecibels))) throw t();
  return (
    Y(o, n, 'fftSize'),
    Y(o, n, 'maxDecibels'),
    Y(o, n, 'minDecibels'),
    Y(o, n, 'smoothingTimeConstant'),
    e(yn, () => yn(o)) || qi(o),
    o
  );
};
var ji = (e) => (e === null ? null : e.hasOwnProperty('AudioBuffer') ? e.AudioBuffer : null);
var $ = (e, t, r) => {
  let n = t[r];
  n !== void 0 && n !== e[r].value && (e[r].value = n);
};
var zi = (e) => {
  e.start = ((t) => {
    let r = !1;
    return (n = 0, o = 0, a) => {
      if (r) throw re();
      (t.call(e, n, o, a), (r = !0));
    };
  })(e.start);
};
var Et = (e) => {
  e.start = (
    (t) =>
    (r = 0, n = 0, o) => {
      if ((typeof o == 'number' && o < 0) || n < 0 || r < 0)
        throw new RangeError("The parameters can't be negative.");
      t.call(e, r, n, o);
    }
  )(e.start);
};
var bt = (e) => {
  e.stop = (
    (t) =>
    (r = 0) => {
      if (r < 0) throw new RangeError("The parameter can't be negative.");
      t.call(e, r);
    }
  )(e.stop);
};
var Yi = (e, t, r, n, o, a, i, s, c, l, u) => (p, m) => {
  let d = p.createBufferSource();
  return (
    j(d, m),
    $(d, m, 'playbackRate'),
    Y(d, m, 'buffer'),
    Y(d, m, 'loop'),
    Y(d, m, 'loopEnd'),
    Y(d, m, 'loopStart'),
    t(r, () => r(p)) || zi(d),
    t(n, () => n(p)) || c(d),
    t(o, () => o(p)) || l(d, p),
    t(a, () => a(p)) || Et(d),
    t(i, () => i(p)) || u(d, p),
    t(s, () => s(p)) || bt(d),
    e(p, d),
    d
  );
};
var Hi = (e) =>
  e === null
    ? null
    : e.hasOwnProperty('AudioContext')
      ? e.AudioContext
      : e.hasOwnProperty('webkitAudioContext')
        ? e.webkitAudioContext
        : null;
var $i = (e, t) => (r, n, o) => {
  let a = r.destination;
  if (a.channelCount !== n)
    try {
      a.channelCount = n;
    } catch {}
  (o && a.channelCountMode !== 'explicit' && (a.channelCountMode = 'explicit'),
    a.maxChannelCount === 0 && Object.defineProperty(a, 'maxChannelCount', { value: n }));
  let i = e(r, {
    channelCount: n,
    channelCountMode: a.channelCountMode,
    channelInterpretation: a.channelInterpretation,
    gain: 1,
  });
  return (
    t(
      i,
      'channelCount',
      (s) => () => s.call(i),
      (s) => (c) => {
        s.call(i, c);
        try {
          a.channelCount = c;
        } catch (l) {
          if (c > a.maxChannelCount) throw l;
        }
      },
    ),
    t(
      i,
      'channelCountMode',
      (s) => () => s.call(i),
      (s) => (c) => {
        (s.call(i, c), (a.channelCountMode = c));
      },
    ),
    t(
      i,
      'channelInterpretation',
      (s) => () => s.call(i),
      (s) => (c) => {
        (s.call(i, c), (a.channelInterpretation = c));
      },
    ),
    Object.defineProperty(i, 'maxChannelCount', { get: () => a.maxChannelCount }),
    i.connect(a),
    i
  );
};
var Xi = (e) => (e === null ? null : e.hasOwnProperty('AudioWorkletNode') ? e.AudioWorkletNode : null);
var Zi = (e) => {
  let { port1: t } = new MessageChannel();
  try {
    t.postMessage(e);
  } finally {
    t.close();
  }
};
var Qi = (e, t, r, n, o) => (a, i, s, c, l, u) => {
  if (s !== null)
    try {
      let p = new s(a, c, u),
        m = new Map(),
        d = null;
      if (
        (Object.defineProperties(p, {
          channelCount: {
            get: () => u.channelCount,
            set: () => {
              throw e();
            },
          },
          channelCountMode: {
            get: () => 'explicit',
            set: () => {
              throw e();
            },
          },
          onprocessorerror: {
            get: () => d,
            set: (f) => {
              (typeof d == 'function' && p.removeEventListener('processorerror', d),
                (d = typeof f == 'function' ? f : null),
                typeof d == 'function' && p.addEventListener('processorerror', d));
            },
          },
        }),
        (p.addEventListener = (
          (f) =>
          (...h) => {
            if (h[0] === 'processorerror') {
              let x =
                typeof h[1] == 'function'
                  ? h[1]
                  : typeof h[1] == 'object' && h[1] !== null && typeof h[1].handleEvent == 'function'
                    ? h[1].handleEvent
                    : null;
              if (x !== null) {
                let _ = m.get(h[1]);
                _ !== void 0
                  ? (h[1] = _)
                  : ((h[1] = (y) => {
                      y.type === 'error'
                        ? (Object.defineProperties(y, { type: { value: 'processorerror' } }), x(y))
                        : x(new ErrorEvent(h[0], { ...y }));
                    }),
                    m.set(x, h[1]));
              }
            }
            return (f.call(p, 'error', h[1], h[2]), f.call(p, ...h));
          }
        )(p.addEventListener)),
        (p.removeEventListener = (
          (f) =>
          (...h) => {
            if (h[0] === 'processorerror') {
              let x = m.get(h[1]);
              x !== void 0 && (m.delete(h[1]), (h[1] = x));
            }
            return (f.call(p, 'error', h[1], h[2]), f.call(p, h[0], h[1], h[2]));
          }
        )(p.removeEventListener)),
        u.numberOfOutputs !== 0)
      ) {
        let f = r(a, {
          channelCount: 1,
          channelCountMode: 'explicit',
          channelInterpretation: 'discrete',
          gain: 0,
        });
        return (
          p.connect(f).connect(a.destination),
          o(
            p,
            () => f.disconnect(),
            () => f.connect(a.destination),
          )
        );
      }
      return p;
    } catch (p) {
      throw p.code === 11 ? n() : p;
    }
  if (l === void 0) throw n();
  return (Zi(u), t(a, i, l, u));
};
var Or = (e, t) =>
  e === null ? 512 : Math.max(512, Math.min(16384, Math.pow(2, Math.round(Math.log2(e * t)))));
var Ki = (e) =>
  new Promise((t, r) => {
    let { port1: n, port2: o } = new MessageChannel();
    ((n.onmessage = ({ data: a }) => {
      (n.close(), o.close(), t(a));
    }),
      (n.onmessageerror = ({ data: a }) => {
        (n.close(), o.close(), r(a));
      }),
      o.postMessage(e));
  });
var Ji = async (e, t) => {
  let r = await Ki(t);
  return new e(r);
};
var ec = (e, t, r, n) => {
  let o = er.get(e);
  o === void 0 && ((o = new WeakMap()), er.set(e, o));
  let a = Ji(r, n);
  return (o.set(t, a), a);
};
var tc = (e, t, r, n, o, a, i, s, c, l, u, p, m) => (d, f, h, x) => {
  if (x.numberOfInputs === 0 && x.numberOfOutputs === 0) throw c();
  let _ = Array.isArray(x.outputChannelCount) ? x.outputChannelCount : Array.from(x.outputChannelCount);
  if (_.some((B) => B < 1)) throw c();
  if (_.length !== x.numberOfOutputs) throw t();
  if (x.channelCountMode !== 'explicit') throw c();
  let y = x.channelCount * x.numberOfInputs,
    w = _.reduce((B, V) => B + V, 0),
    N = h.parameterDescriptors === void 0 ? 0 : h.parameterDescriptors.length;
  if (y + N > 6 || w > 6) throw c();
  let g = new MessageChannel(),
    A = [],
    C = [];
  for (let B = 0; B < x.numberOfInputs; B += 1)
    (A.push(
      i(d, {
        channelCount: x.channelCount,
        channelCountMode: x.channelCountMode,
        channelInterpretation: x.channelInterpretation,
        gain: 1,
      }),
    ),
      C.push(
        o(d, {
          channelCount: x.channelCount,
          channelCountMode: 'explicit',
          channelInterpretation: 'discrete',
          numberOfOutputs: x.channelCount,
        }),
      ));
  let v = [];
  if (h.parameterDescriptors !== void 0)
    for (let { defaultValue: B, maxValue: V, minValue: de, name: ne } of h.parameterDescriptors) {
      let H = a(d, {
        channelCount: 1,
        channelCountMode: 'explicit',
        channelInterpretation: 'discrete',
        offset: x.parameterData[ne] !== void 0 ? x.parameterData[ne] : B === void 0 ? 0 : B,
      });
      (Object.defineProperties(H.offset, {
        defaultValue: { get: () => (B === void 0 ? 0 : B) },
        maxValue: { get: () => (V === void 0 ? ae : V) },
        minValue: { get: () => (de === void 0 ? ie : de) },
      }),
        v.push(H));
    }
  let O = n(d, {
      channelCount: 1,
      channelCountMode: 'explicit',
      channelInterpretation: 'speakers',
      numberOfInputs: Math.max(1, y + N),
    }),
    T = Or(f, d.sampleRate),
    I = s(d, T, y + N, Math.max(1, w)),
    b = o(d, {
      channelCount: Math.max(1, w),
      channelCountMode: 'explicit',
      channelInterpretation: 'discrete',
      numberOfOutputs: Math.max(1, w),
    }),
    F = [];
  for (let B = 0; B < x.numberOfOutputs; B += 1)
    F.push(
      n(d, {
        channelCount: 1,
        channelCountMode: 'explicit',
        channelInterpretation: 'speakers',
        numberOfInputs: _[B],
      }),
    );
  for (let B = 0; B < x.numberOfInputs; B += 1) {
    A[B].connect(C[B]);
    for (let V = 0; V < x.channelCount; V += 1) C[B].connect(O, V, B * x.channelCount + V);
  }
  let W = new Nt(
    h.parameterDescriptors === void 0
      ? []
      : h.parameterDescriptors.map(({ name: B }, V) => {
          let de = v[V];
          return (de.connect(O, 0, y + V), de.start(0), [B, de.offset]);
        }),
  );
  O.connect(I);
  let L = x.channelInterpretation,
    E = null,
    S = x.numberOfOutputs === 0 ? [I] : F,
    M = {
      get bufferSize() {
        return T;
      },
      get channelCount() {
        return x.channelCount;
      },
      set channelCount(B) {
        throw r();
      },
      get channelCountMode() {
        return x.channelCountMode;
      },
      set channelCountMode(B) {
        throw r();
      },
      get channelInterpretation() {
        return L;
      },
      set channelInterpretation(B) {
        for (let V of A) V.channelInterpretation = B;
        L = B;
      },
      get context() {
        return I.context;
      },
      get inputs() {
        return A;
      },
      get numberOfInputs() {
        return x.numberOfInputs;
      },
      get numberOfOutputs() {
        return x.numberOfOutputs;
      },
      get onprocessorerror() {
        return E;
      },
      set onprocessorerror(B) {
        (typeof E == 'function' && M.removeEventListener('processorerror', E),
          (E = typeof B == 'function' ? B : null),
          typeof E == 'function' && M.addEventListener('processorerror', E));
      },
      get parameters() {
        return W;
      },
      get port() {
        return g.port2;
      },
      addEventListener(...B) {
        return I.addEventListener(B[0], B[1], B[2]);
      },
      connect: e.bind(null, S),
      disconnect: l.bind(null, S),
      dispatchEvent(...B) {
        return I.dispatchEvent(B[0]);
      },
      removeEventListener(...B) {
        return I.removeEventListener(B[0], B[1], B[2]);
      },
    },
    P = new Map();
  ((g.port1.addEventListener = (
    (B) =>
    (...V) => {
      if (V[0] === 'message') {
        let de =
          typeof V[1] == 'function'
            ? V[1]
            : typeof V[1] == 'object' && V[1] !== null && typeof V[1].handleEvent == 'function'
              ? V[1].handleEvent
              : null;
        if (de !== null) {
          let ne = P.get(V[1]);
          ne !== void 0
            ? (V[1] = ne)
            : ((V[1] = (H) => {
                u(d.currentTime, d.sampleRate, () => de(H));
              }),
              P.set(de, V[1]));
        }
      }
      return B.call(g.port1, V[0], V[1], V[2]);
    }
  )(g.port1.addEventListener)),
    (g.port1.removeEventListener = (
      (B) =>
      (...V) => {
        if (V[0] === 'message') {
          let de = P.get(V[1]);
          de !== void 0 && (P.delete(V[1]), (V[1] = de));
        }
        return B.call(g.port1, V[0], V[1], V[2]);
      }
    )(g.port1.removeEventListener)));
  let D = null;
  (Object.defineProperty(g.port1, 'onmessage', {
    get: () => D,
    set: (B) => {
      (typeof D == 'function' && g.port1.removeEventListener('message', D),
        (D = typeof B == 'function' ? B : null),
        typeof D == 'function' && (g.port1.addEventListener('message', D), g.port1.start()));
    },
  }),
    (h.prototype.port = g.port1));
  let R = null;
  ec(d, M, h, x).then((B) => (R = B));
  let se = At(x.numberOfInputs, x.channelCount),
    ue = At(x.numberOfOutputs, _),
    q =
      h.parameterDescriptors === void 0
        ? []
        : h.parameterDescriptors.reduce((B, { name: V }) => ({ ...B, [V]: new Float32Array(128) }), {}),
    X = !0,
    te = () => {
      x.numberOfOutputs > 0 && I.disconnect(b);
      for (let B = 0, V = 0; B < x.numberOfOutputs; B += 1) {
        let de = F[B];
        for (let ne = 0; ne < _[B]; ne += 1) b.disconnect(de, V + ne, ne);
        V += _[B];
      }
    },
    U = new Map();
  I.onaudioprocess = ({ inputBuffer: B, outputBuffer: V }) => {
    if (R !== null) {
      let de = p(M);
      for (let ne = 0; ne < T; ne += 128) {
        for (let H = 0; H < x.numberOfInputs; H += 1)
          for (let oe = 0; oe < x.channelCount; oe += 1) Ct(B, se[H], oe, oe, ne);
        h.parameterDescriptors !== void 0 &&
          h.parameterDescriptors.forEach(({ name: H }, oe) => {
            Ct(B, q, H, y + oe, ne);
          });
        for (let H = 0; H < x.numberOfInputs; H += 1)
          for (let oe = 0; oe < _[H]; oe += 1)
            ue[H][oe].byteLength === 0 && (ue[H][oe] = new Float32Array(128));
        try {
          let H = se.map((Se, Ye) => {
            if (de[Ye].size > 0) return (U.set(Ye, T / 128), Se);
            let Ur = U.get(Ye);
            return Ur === void 0
              ? []
              : (Se.every((ol) => ol.every((al) => al === 0)) &&
                  (Ur === 1 ? U.delete(Ye) : U.set(Ye, Ur - 1)),
                Se);
          });
          X = u(d.currentTime + ne / d.sampleRate, d.sampleRate, () => R.process(H, ue, q));
          for (let Se = 0, Ye = 0; Se < x.numberOfOutputs; Se += 1) {
            for (let Pt = 0; Pt < _[Se]; Pt += 1) Tr(V, ue[Se], Pt, Ye + Pt, ne);
            Ye += _[Se];
          }
        } catch (H) {
          ((X = !1),
            M.dispatchEvent(
              new ErrorEvent('processorerror', {
                colno: H.colno,
                filename: H.filename,
                lineno: H.lineno,
                message: H.message,
              }),
            ));
        }
        if (!X) {
          for (let H = 0; H < x.numberOfInputs; H += 1) {
            A[H].disconnect(C[H]);
            for (let oe = 0; oe < x.channelCount; oe += 1) C[ne].disconnect(O, oe, H * x.channelCount + oe);
          }
          if (h.parameterDescriptors !== void 0) {
            let H = h.parameterDescriptors.length;
            for (let oe = 0; oe < H; oe += 1) {
              let Se = v[oe];
              (Se.disconnect(O, 0, y + oe), Se.stop());
            }
          }
          (O.disconnect(I), (I.onaudioprocess = null), be ? te() : dt());
          break;
        }
      }
    }
  };
  let be = !1,
    ge = i(d, { channelCount: 1, channelCountMode: 'explicit', channelInterpretation: 'discrete', gain: 0 }),
    pt = () => I.connect(ge).connect(d.destination),
    dt = () => {
      (I.disconnect(ge), ge.disconnect());
    },
    rl = () => {
      if (X) {
        (dt(), x.numberOfOutputs > 0 && I.connect(b));
        for (let B = 0, V = 0; B < x.numberOfOutputs; B += 1) {
          let de = F[B];
          for (let ne = 0; ne < _[B]; ne += 1) b.connect(de, V + ne, ne);
          V += _[B];
        }
      }
      be = !0;
    },
    nl = () => {
      (X && (pt(), te()), (be = !1));
    };
  return (pt(), m(M, rl, nl));
};
var Nn = (e, t) => {
  let r = e.createBiquadFilter();
  return (
    j(r, t),
    $(r, t, 'Q'),
    $(r, t, 'detune'),
    $(r, t, 'frequency'),
    $(r, t, 'gain'),
    Y(r, t, 'type'),
    r
  );
};
var rc = (e, t) => (r, n) => {
  let o = r.createChannelMerger(n.numberOfInputs);
  return (e !== null && e.name === 'webkitAudioContext' && t(r, o), j(o, n), o);
};
var nc = (e) => {
  let t = e.numberOfOutputs;
  (Object.defineProperty(e, 'channelCount', {
    get: () => t,
    set: (r) => {
      if (r !== t) throw re();
    },
  }),
    Object.defineProperty(e, 'channelCountMode', {
      get: () => 'explicit',
      set: (r) => {
        if (r !== 'explicit') throw re();
      },
    }),
    Object.defineProperty(e, 'channelInterpretation', {
      get: () => 'discrete',
      set: (r) => {
        if (r !== 'discrete') throw re();
      },
    }));
};
var St = (e, t) => {
  let r = e.createChannelSplitter(t.numberOfOutputs);
  return (j(r, t), nc(r), r);
};
var oc = (e, t, r, n, o) => (a, i) => {
  if (a.createConstantSource === void 0) return r(a, i);
  let s = a.createConstantSource();
  return (j(s, i), $(s, i, 'offset'), t(n, () => n(a)) || Et(s), t(o, () => o(a)) || bt(s), e(a, s), s);
};
var Me = (e, t) => ((e.connect = t.connect.bind(t)), (e.disconnect = t.disconnect.bind(t)), e);
var ac =
  (e, t, r, n) =>
  (o, { offset: a, ...i }) => {
    let s = o.createBuffer(1, 2, 44100),
      c = t(o, {
        buffer: null,
        channelCount: 2,
        channelCountMode: 'max',
        channelInterpretation: 'speakers',
        loop: !1,
        loopEnd: 0,
        loopStart: 0,
        playbackRate: 1,
      }),
      l = r(o, { ...i, gain: a }),
      u = s.getChannelData(0);
    ((u[0] = 1), (u[1] = 1), (c.buffer = s), (c.loop = !0));
    let p = {
        get bufferSize() {},
        get channelCount() {
          return l.channelCount;
        },
        set channelCount(f) {
          l.channelCount = f;
        },
        get channelCountMode() {
          return l.channelCountMode;
        },
        set channelCountMode(f) {
          l.channelCountMode = f;
        },
        get channelInterpretation() {
          return l.channelInterpretation;
        },
        set channelInterpretation(f) {
          l.channelInterpretation = f;
        },
        get context() {
          return l.context;
        },
        get inputs() {
          return [];
        },
        get numberOfInputs() {
          return c.numberOfInputs;
        },
        get numberOfOutputs() {
          return l.numberOfOutputs;
        },
        get offset() {
          return l.gain;
        },
        get onended() {
          return c.onended;
        },
        set onended(f) {
          c.onended = f;
        },
        addEventListener(...f) {
          return c.addEventListener(f[0], f[1], f[2]);
        },
        dispatchEvent(...f) {
          return c.dispatchEvent(f[0]);
        },
        removeEventListener(...f) {
          return c.removeEventListener(f[0], f[1], f[2]);
        },
        start(f = 0) {
          c.start.call(c, f);
        },
        stop(f = 0) {
          c.stop.call(c, f);
        },
      },
      m = () => c.connect(l),
      d = () => c.disconnect(l);
    return (e(o, c), n(Me(p, l), m, d));
  };
var sc = (e, t) => (r, n) => {
  let o = r.createConvolver();
  if (
    (j(o, n),
    n.disableNormalization === o.normalize && (o.normalize = !n.disableNormalization),
    Y(o, n, 'buffer'),
    n.channelCount > 2 ||
      (t(
        o,
        'channelCount',
        (a) => () => a.call(o),
        (a) => (i) => {
          if (i > 2) throw e();
          return a.call(o, i);
        },
      ),
      n.channelCountMode === 'max'))
  )
    throw e();
  return (
    t(
      o,
      'channelCountMode',
      (a) => () => a.call(o),
      (a) => (i) => {
        if (i === 'max') throw e();
        return a.call(o, i);
      },
    ),
    o
  );
};
var Cn = (e, t) => {
  let r = e.createDelay(t.maxDelayTime);
  return (j(r, t), $(r, t, 'delayTime'), r);
};
var ic = (e) => (t, r) => {
  let n = t.createDynamicsCompressor();
  if ((j(n, r), r.channelCount > 2 || r.channelCountMode === 'max')) throw e();
  return ($(n, r, 'attack'), $(n, r, 'knee'), $(n, r, 'ratio'), $(n, r, 'release'), $(n, r, 'threshold'), n);
};
var Ce = (e, t) => {
  let r = e.createGain();
  return (j(r, t), $(r, t, 'gain'), r);
};
var cc = (e) => (t, r, n) => {
  if (t.createIIRFilter === void 0) return e(t, r, n);
  let o = t.createIIRFilter(n.feedforward, n.feedback);
  return (j(o, n), o);
};
function Np(e, t) {
  let r = t[0] * t[0] + t[1] * t[1];
  return [(e[0] * t[0] + e[1] * t[1]) / r, (e[1] * t[0] - e[0] * t[1]) / r];
}
function Cp(e, t) {
  return [e[0] * t[0] - e[1] * t[1], e[0] * t[1] + e[1] * t[0]];
}
function uc(e, t) {
  let r = [0, 0];
  for (let n = e.length - 1; n >= 0; n -= 1) ((r = Cp(r, t)), (r[0] += e[n]));
  return r;
}
var lc =
  (e, t, r, n) =>
  (o, a, { channelCount: i, channelCountMode: s, channelInterpretation: c, feedback: l, feedforward: u }) => {
    let p = Or(a, o.sampleRate),
      m = l instanceof Float64Array ? l : new Float64Array(l),
      d = u instanceof Float64Array ? u : new Float64Array(u),
      f = m.length,
      h = d.length,
      x = Math.min(f, h);
    if (f === 0 || f > 20) throw n();
    if (m[0] === 0) throw t();
    if (h === 0 || h > 20) throw n();
    if (d[0] === 0) throw t();
    if (m[0] !== 1) {
      for (let v = 0; v < h; v += 1) d[v] /= m[0];
      for (let v = 1; v < f; v += 1) m[v] /= m[0];
    }
    let _ = r(o, p, i, i);
    ((_.channelCount = i), (_.channelCountMode = s), (_.channelInterpretation = c));
    let y = 32,
      w = [],
      N = [],
      g = [];
    for (let v = 0; v < i; v += 1) {
      w.push(0);
      let O = new Float32Array(y),
        T = new Float32Array(y);
      (O.fill(0), T.fill(0), N.push(O), g.push(T));
    }
    _.onaudioprocess = (v) => {
      let O = v.inputBuffer,
        T = v.outputBuffer,
        I = O.numberOfChannels;
      for (let b = 0; b < I; b += 1) {
        let F = O.getChannelData(b),
          W = T.getChannelData(b);
        w[b] = Mr(m, f, d, h, x, N[b], g[b], w[b], y, F, W);
      }
    };
    let A = o.sampleRate / 2;
    return Me(
      {
        get bufferSize() {
          return p;
        },
        get channelCount() {
          return _.channelCount;
        },
        set channelCount(v) {
          _.channelCount = v;
        },
        get channelCountMode() {
          return _.channelCountMode;
        },
        set channelCountMode(v) {
          _.channelCountMode = v;
        },
        get channelInterpretation() {
          return _.channelInterpretation;
        },
        set channelInterpretation(v) {
          _.channelInterpretation = v;
        },
        get context() {
          return _.context;
        },
        get inputs() {
          return [_];
        },
        get numberOfInputs() {
          return _.numberOfInputs;
        },
        get numberOfOutputs() {
          return _.numberOfOutputs;
        },
        addEventListener(...v) {
          return _.addEventListener(v[0], v[1], v[2]);
        },
        dispatchEvent(...v) {
          return _.dispatchEvent(v[0]);
        },
        getFrequencyResponse(v, O, T) {
          if (v.length !== O.length || O.length !== T.length) throw e();
          let I = v.length;
          for (let b = 0; b < I; b += 1) {
            let F = -Math.PI * (v[b] / A),
              W = [Math.cos(F), Math.sin(F)],
              L = uc(d, W),
              E = uc(m, W),
              S = Np(L, E);
            ((O[b] = Math.sqrt(S[0] * S[0] + S[1] * S[1])), (T[b] = Math.atan2(S[1], S[0])));
          }
        },
        removeEventListener(...v) {
          return _.removeEventListener(v[0], v[1], v[2]);
        },
      },
      _,
    );
  };
var pc = (e, t) => e.createMediaElementSource(t.mediaElement);
var dc = (e, t) => {
  let r = e.createMediaStreamDestination();
  return (
    j(r, t),
    r.numberOfOutputs === 1 && Object.defineProperty(r, 'numberOfOutputs', { get: () => 0 }),
    r
  );
};
var fc = (e, { mediaStream: t }) => {
  let r = t.getAudioTracks();
  r.sort((a, i) => (a.id < i.id ? -1 : a.id > i.id ? 1 : 0));
  let n = r.slice(0, 1),
    o = e.createMediaStreamSource(new MediaStream(n));
  return (Object.defineProperty(o, 'mediaStream', { value: t }), o);
};
var mc =
  (e, t) =>
  (r, { mediaStreamTrack: n }) => {
    if (typeof r.createMediaStreamTrackSource == 'function') return r.createMediaStreamTrackSource(n);
    let o = new MediaStream([n]),
      a = r.createMediaStreamSource(o);
    if (n.kind !== 'audio') throw e();
    if (t(r)) throw new TypeError();
    return a;
  };
var hc = (e) =>
  e === null
    ? null
    : e.hasOwnProperty('OfflineAudioContext')
      ? e.OfflineAudioContext
      : e.hasOwnProperty('webkitOfflineAudioContext')
        ? e.webkitOfflineAudioContext
        : null;
var xc = (e, t, r, n, o, a) => (i, s) => {
  let c = i.createOscillator();
  return (
    j(c, s),
    $(c, s, 'detune'),
    $(c, s, 'frequency'),
    s.periodicWave !== void 0 ? c.setPeriodicWave(s.periodicWave) : Y(c, s, 'type'),
    t(r, () => r(i)) || Et(c),
    t(n, () => n(i)) || a(c, i),
    t(o, () => o(i)) || bt(c),
    e(i, c),
    c
  );
};
var _c = (e) => (t, r) => {
  let n = t.createPanner();
  return n.orientationX === void 0
    ? e(t, r)
    : (j(n, r),
      $(n, r, 'orientationX'),
      $(n, r, 'orientationY'),
      $(n, r, 'orientationZ'),
      $(n, r, 'positionX'),
      $(n, r, 'positionY'),
      $(n, r, 'positionZ'),
      Y(n, r, 'coneInnerAngle'),
      Y(n, r, 'coneOuterAngle'),
      Y(n, r, 'coneOuterGain'),
      Y(n, r, 'distanceModel'),
      Y(n, r, 'maxDistance'),
      Y(n, r, 'panningModel'),
      Y(n, r, 'refDistance'),
      Y(n, r, 'rolloffFactor'),
      n);
};
var gc =
  (e, t, r, n, o, a, i, s, c, l) =>
  (
    u,
    {
      coneInnerAngle: p,
      coneOuterAngle: m,
      coneOuterGain: d,
      distanceModel: f,
      maxDistance: h,
      orientationX: x,
      orientationY: _,
      orientationZ: y,
      panningModel: w,
      positionX: N,
      positionY: g,
      positionZ: A,
      refDistance: C,
      rolloffFactor: v,
      ...O
    },
  ) => {
    let T = u.createPanner();
    if (O.channelCount > 2 || O.channelCountMode === 'max') throw i();
    j(T, O);
    let I = { channelCount: 1, channelCountMode: 'explicit', channelInterpretation: 'discrete' },
      b = r(u, { ...I, channelInterpretation: 'speakers', numberOfInputs: 6 }),
      F = n(u, { ...O, gain: 1 }),
      W = n(u, { ...I, gain: 1 }),
      L = n(u, { ...I, gain: 0 }),
      E = n(u, { ...I, gain: 0 }),
      S = n(u, { ...I, gain: 0 }),
      M = n(u, { ...I, gain: 0 }),
      P = n(u, { ...I, gain: 0 }),
      D = o(u, 256, 6, 1),
      R = a(u, { ...I, curve: new Float32Array([1, 1]), oversample: 'none' }),
      G = [x, _, y],
      se = [N, g, A],
      ue = new Float32Array(1);
    ((D.onaudioprocess = ({ inputBuffer: U }) => {
      let be = [c(U, ue, 0), c(U, ue, 1), c(U, ue, 2)];
      be.some((pt, dt) => pt !== G[dt]) && (T.setOrientation(...be), (G = be));
      let ge = [c(U, ue, 3), c(U, ue, 4), c(U, ue, 5)];
      ge.some((pt, dt) => pt !== se[dt]) && (T.setPosition(...ge), (se = ge));
    }),
      Object.defineProperty(L.gain, 'defaultValue', { get: () => 0 }),
      Object.defineProperty(E.gain, 'defaultValue', { get: () => 0 }),
      Object.defineProperty(S.gain, 'defaultValue', { get: () => 0 }),
      Object.defineProperty(M.gain, 'defaultValue', { get: () => 0 }),
      Object.defineProperty(P.gain, 'defaultValue', { get: () => 0 }));
    let q = {
      get bufferSize() {},
      get channelCount() {
        return T.channelCount;
      },
      set channelCount(U) {
        if (U > 2) throw i();
        ((F.channelCount = U), (T.channelCount = U));
      },
      get channelCountMode() {
        return T.channelCountMode;
      },
      set channelCountMode(U) {
        if (U === 'max') throw i();
        ((F.channelCountMode = U), (T.channelCountMode = U));
      },
      get channelInterpretation() {
        return T.channelInterpretation;
      },
      set channelInterpretation(U) {
        ((F.channelInterpretation = U), (T.channelInterpretation = U));
      },
      get coneInnerAngle() {
        return T.coneInnerAngle;
      },
      set coneInnerAngle(U) {
        T.coneInnerAngle = U;
      },
      get coneOuterAngle() {
        return T.coneOuterAngle;
      },
      set coneOuterAngle(U) {
        T.coneOuterAngle = U;
      },
      get coneOuterGain() {
        return T.coneOuterGain;
      },
      set coneOuterGain(U) {
        if (U < 0 || U > 1) throw t();
        T.coneOuterGain = U;
      },
      get context() {
        return T.context;
      },
      get distanceModel() {
        return T.distanceModel;
      },
      set distanceModel(U) {
        T.distanceModel = U;
      },
      get inputs() {
        return [F];
      },
      get maxDistance() {
        return T.maxDistance;
      },
      set maxDistance(U) {
        if (U < 0) throw new RangeError();
        T.maxDistance = U;
      },
      get numberOfInputs() {
        return T.numberOfInputs;
      },
      get numberOfOutputs() {
        return T.numberOfOutputs;
      },
      get orientationX() {
        return W.gain;
      },
      get orientationY() {
        return L.gain;
      },
      get orientationZ() {
        return E.gain;
      },
      get panningModel() {
        return T.panningModel;
      },
      set panningModel(U) {
        T.panningModel = U;
      },
      get positionX() {
        return S.gain;
      },
      get positionY() {
        return M.gain;
      },
      get positionZ() {
        return P.gain;
      },
      get refDistance() {
        return T.refDistance;
      },
      set refDistance(U) {
        if (U < 0) throw new RangeError();
        T.refDistance = U;
      },
      get rolloffFactor() {
        return T.rolloffFactor;
      },
      set rolloffFactor(U) {
        if (U < 0) throw new RangeError();
        T.rolloffFactor = U;
      },
      addEventListener(...U) {
        return F.addEventListener(U[0], U[1], U[2]);
      },
      dispatchEvent(...U) {
        return F.dispatchEvent(U[0]);
      },
      removeEventListener(...U) {
        return F.removeEventListener(U[0], U[1], U[2]);
      },
    };
    (p !== q.coneInnerAngle && (q.coneInnerAngle = p),
      m !== q.coneOuterAngle && (q.coneOuterAngle = m),
      d !== q.coneOuterGain && (q.coneOuterGain = d),
      f !== q.distanceModel && (q.distanceModel = f),
      h !== q.maxDistance && (q.maxDistance = h),
      x !== q.orientationX.value && (q.orientationX.value = x),
      _ !== q.orientationY.value && (q.orientationY.value = _),
      y !== q.orientationZ.value && (q.orientationZ.value = y),
      w !== q.panningModel && (q.panningModel = w),
      N !== q.positionX.value && (q.positionX.value = N),
      g !== q.positionY.value && (q.positionY.value = g),
      A !== q.positionZ.value && (q.positionZ.value = A),
      C !== q.refDistance && (q.refDistance = C),
      v !== q.rolloffFactor && (q.rolloffFactor = v),
      (G[0] !== 1 || G[1] !== 0 || G[2] !== 0) && T.setOrientation(...G),
      (se[0] !== 0 || se[1] !== 0 || se[2] !== 0) && T.setPosition(...se));
    let X = () => {
        (F.connect(T),
          e(F, R, 0, 0),
          R.connect(W).connect(b, 0, 0),
          R.connect(L).connect(b, 0, 1),
          R.connect(E).connect(b, 0, 2),
          R.connect(S).connect(b, 0, 3),
          R.connect(M).connect(b, 0, 4),
          R.connect(P).connect(b, 0, 5),
          b.connect(D).connect(u.destination));
      },
      te = () => {
        (F.disconnect(T),
          s(F, R, 0, 0),
          R.disconnect(W),
          W.disconnect(b),
          R.disconnect(L),
          L.disconnect(b),
          R.disconnect(E),
          E.disconnect(b),
          R.disconnect(S),
          S.disconnect(b),
          R.disconnect(M),
          M.disconnect(b),
          R.disconnect(P),
          P.disconnect(b),
          b.disconnect(D),
          D.disconnect(u.destination));
      };
    return l(Me(q, T), X, te);
  };
var vc =
  (e) =>
  (t, { disableNormalization: r, imag: n, real: o }) => {
    let a = n instanceof Float32Array ? n : new Float32Array(n),
      i = o instanceof Float32Array ? o : new Float32Array(o),
      s = t.createPeriodicWave(i, a, { disableNormalization: r });
    if (Array.from(n).length < 2) throw e();
    return s;
  };
var Tt = (e, t, r, n) => e.createScriptProcessor(t, r, n);
var yc = (e, t) => (r, n) => {
  let o = n.channelCountMode;
  if (o === 'clamped-max') throw t();
  if (r.createStereoPanner === void 0) return e(r, n);
  let a = r.createStereoPanner();
  return (
    j(a, n),
    $(a, n, 'pan'),
    Object.defineProperty(a, 'channelCountMode', {
      get: () => o,
      set: (i) => {
        if (i !== o) throw t();
      },
    }),
    a
  );
};
var Nc = (e, t, r, n, o, a) => {
  let s = new Float32Array([1, 1]),
    c = Math.PI / 2,
    l = { channelCount: 1, channelCountMode: 'explicit', channelInterpretation: 'discrete' },
    u = { ...l, oversample: 'none' },
    p = (f, h, x, _) => {
      let y = new Float32Array(16385),
        w = new Float32Array(16385);
      for (let O = 0; O < 16385; O += 1) {
        let T = (O / 16384) * c;
        ((y[O] = Math.cos(T)), (w[O] = Math.sin(T)));
      }
      let N = r(f, { ...l, gain: 0 }),
        g = n(f, { ...u, curve: y }),
        A = n(f, { ...u, curve: s }),
        C = r(f, { ...l, gain: 0 }),
        v = n(f, { ...u, curve: w });
      return {
        connectGraph() {
          (h.connect(N),
            h.connect(A.inputs === void 0 ? A : A.inputs[0]),
            h.connect(C),
            A.connect(x),
            x.connect(g.inputs === void 0 ? g : g.inputs[0]),
            x.connect(v.inputs === void 0 ? v : v.inputs[0]),
            g.connect(N.gain),
            v.connect(C.gain),
            N.connect(_, 0, 0),
            C.connect(_, 0, 1));
        },
        disconnectGraph() {
          (h.disconnect(N),
            h.disconnect(A.inputs === void 0 ? A : A.inputs[0]),
            h.disconnect(C),
            A.disconnect(x),
            x.disconnect(g.inputs === void 0 ? g : g.inputs[0]),
            x.disconnect(v.inputs === void 0 ? v : v.inputs[0]),
            g.disconnect(N.gain),
            v.disconnect(C.gain),
            N.disconnect(_, 0, 0),
            C.disconnect(_, 0, 1));
        },
      };
    },
    m = (f, h, x, _) => {
      let y = new Float32Array(16385),
        w = new Float32Array(16385),
        N = new Float32Array(16385),
        g = new Float32Array(16385),
        A = Math.floor(16385 / 2);
      for (let S = 0; S < 16385; S += 1)
        if (S > A) {
          let M = ((S - A) / (16384 - A)) * c;
          ((y[S] = Math.cos(M)), (w[S] = Math.sin(M)), (N[S] = 0), (g[S] = 1));
        } else {
          let M = (S / (16384 - A)) * c;
          ((y[S] = 1), (w[S] = 0), (N[S] = Math.cos(M)), (g[S] = Math.sin(M)));
        }
      let C = t(f, {
          channelCount: 2,
          channelCountMode: 'explicit',
          channelInterpretation: 'discrete',
          numberOfOutputs: 2,
        }),
        v = r(f, { ...l, gain: 0 }),
        O = n(f, { ...u, curve: y }),
        T = r(f, { ...l, gain: 0 }),
        I = n(f, { ...u, curve: w }),
        b = n(f, { ...u, curve: s }),
        F = r(f, { ...l, gain: 0 }),
        W = n(f, { ...u, curve: N }),
        L = r(f, { ...l, gain: 0 }),
        E = n(f, { ...u, curve: g });
      return {
        connectGraph() {
          (h.connect(C),
            h.connect(b.inputs === void 0 ? b : b.inputs[0]),
            C.connect(v, 0),
            C.connect(T, 0),
            C.connect(F, 1),
            C.connect(L, 1),
            b.connect(x),
            x.connect(O.inputs === void 0 ? O : O.inputs[0]),
            x.connect(I.inputs === void 0 ? I : I.inputs[0]),
            x.connect(W.inputs === void 0 ? W : W.inputs[0]),
            x.connect(E.inputs === void 0 ? E : E.inputs[0]),
            O.connect(v.gain),
            I.connect(T.gain),
            W.connect(F.gain),
            E.connect(L.gain),
            v.connect(_, 0, 0),
            F.connect(_, 0, 0),
            T.connect(_, 0, 1),
            L.connect(_, 0, 1));
        },
        disconnectGraph() {
          (h.disconnect(C),
            h.disconnect(b.inputs === void 0 ? b : b.inputs[0]),
            C.disconnect(v, 0),
            C.disconnect(T, 0),
            C.disconnect(F, 1),
            C.disconnect(L, 1),
            b.disconnect(x),
            x.disconnect(O.inputs === void 0 ? O : O.inputs[0]),
            x.disconnect(I.inputs === void 0 ? I : I.inputs[0]),
            x.disconnect(W.inputs === void 0 ? W : W.inputs[0]),
            x.disconnect(E.inputs === void 0 ? E : E.inputs[0]),
            O.disconnect(v.gain),
            I.disconnect(T.gain),
            W.disconnect(F.gain),
            E.disconnect(L.gain),
            v.disconnect(_, 0, 0),
            F.disconnect(_, 0, 0),
            T.disconnect(_, 0, 1),
            L.disconnect(_, 0, 1));
        },
      };
    },
    d = (f, h, x, _, y) => {
      if (h === 1) return p(f, x, _, y);
      if (h === 2) return m(f, x, _, y);
      throw o();
    };
  return (f, { channelCount: h, channelCountMode: x, pan: _, ...y }) => {
    if (x === 'max') throw o();
    let w = e(f, { ...y, channelCount: 1, channelCountMode: x, numberOfInputs: 2 }),
      N = r(f, { ...y, channelCount: h, channelCountMode: x, gain: 1 }),
      g = r(f, { channelCount: 1, channelCountMode: 'explicit', channelInterpretation: 'discrete', gain: _ }),
      { connectGraph: A, disconnectGraph: C } = d(f, h, N, g, w);
    (Object.defineProperty(g.gain, 'defaultValue', { get: () => 0 }),
      Object.defineProperty(g.gain, 'maxValue', { get: () => 1 }),
      Object.defineProperty(g.gain, 'minValue', { get: () => -1 }));
    let v = {
        get bufferSize() {},
        get channelCount() {
          return N.channelCount;
        },
        set channelCount(b) {
          (N.channelCount !== b &&
            (O && C(), ({ connectGraph: A, disconnectGraph: C } = d(f, b, N, g, w)), O && A()),
            (N.channelCount = b));
        },
        get channelCountMode() {
          return N.channelCountMode;
        },
        set channelCountMode(b) {
          if (b === 'clamped-max' || b === 'max') throw o();
          N.channelCountMode = b;
        },
        get channelInterpretation() {
          return N.channelInterpretation;
        },
        set channelInterpretation(b) {
          N.channelInterpretation = b;
        },
        get context() {
          return N.context;
        },
        get inputs() {
          return [N];
        },
        get numberOfInputs() {
          return N.numberOfInputs;
        },
        get numberOfOutputs() {
          return N.numberOfOutputs;
        },
        get pan() {
          return g.gain;
        },
        addEventListener(...b) {
          return N.addEventListener(b[0], b[1], b[2]);
        },
        dispatchEvent(...b) {
          return N.dispatchEvent(b[0]);
        },
        removeEventListener(...b) {
          return N.removeEventListener(b[0], b[1], b[2]);
        },
      },
      O = !1,
      T = () => {
        (A(), (O = !0));
      },
      I = () => {
        (C(), (O = !1));
      };
    return a(Me(v, w), T, I);
  };
};
var Cc = (e, t, r, n, o, a, i) => (s, c) => {
  let l = s.createWaveShaper();
  if (a !== null && a.name === 'webkitAudioContext' && s.createGain().gain.automationRate === void 0)
    return r(s, c);
  j(l, c);
  let u = c.curve === null || c.curve instanceof Float32Array ? c.curve : new Float32Array(c.curve);
  if (u !== null && u.length < 2) throw t();
  (Y(l, { curve: u }, 'curve'), Y(l, c, 'oversample'));
  let p = null,
    m = !1;
  return (
    i(
      l,
      'curve',
      (h) => () => h.call(l),
      (h) => (x) => (
        h.call(l, x),
        m && (n(x) && p === null ? (p = e(s, l)) : !n(x) && p !== null && (p(), (p = null))),
        x
      ),
    ),
    o(
      l,
      () => {
        ((m = !0), n(l.curve) && (p = e(s, l)));
      },
      () => {
        ((m = !1), p !== null && (p(), (p = null)));
      },
    )
  );
};
var Ac =
  (e, t, r, n, o) =>
  (a, { curve: i, oversample: s, ...c }) => {
    let l = a.createWaveShaper(),
      u = a.createWaveShaper();
    (j(l, c), j(u, c));
    let p = r(a, { ...c, gain: 1 }),
      m = r(a, { ...c, gain: -1 }),
      d = r(a, { ...c, gain: 1 }),
      f = r(a, { ...c, gain: -1 }),
      h = null,
      x = !1,
      _ = null,
      y = {
        get bufferSize() {},
        get channelCount() {
          return l.channelCount;
        },
        set channelCount(g) {
          ((p.channelCount = g),
            (m.channelCount = g),
            (l.channelCount = g),
            (d.channelCount = g),
            (u.channelCount = g),
            (f.channelCount = g));
        },
        get channelCountMode() {
          return l.channelCountMode;
        },
        set channelCountMode(g) {
          ((p.channelCountMode = g),
            (m.channelCountMode = g),
            (l.channelCountMode = g),
            (d.channelCountMode = g),
            (u.channelCountMode = g),
            (f.channelCountMode = g));
        },
        get channelInterpretation() {
          return l.channelInterpretation;
        },
        set channelInterpretation(g) {
          ((p.channelInterpretation = g),
            (m.channelInterpretation = g),
            (l.channelInterpretation = g),
            (d.channelInterpretation = g),
            (u.channelInterpretation = g),
            (f.channelInterpretation = g));
        },
        get context() {
          return l.context;
        },
        get curve() {
          return _;
        },
        set curve(g) {
          if (g !== null && g.length < 2) throw t();
          if (g === null) ((l.curve = g), (u.curve = g));
          else {
            let A = g.length,
              C = new Float32Array(A + 2 - (A % 2)),
              v = new Float32Array(A + 2 - (A % 2));
            ((C[0] = g[0]), (v[0] = -g[A - 1]));
            let O = Math.ceil((A + 1) / 2),
              T = (A + 1) / 2 - 1;
            for (let I = 1; I < O; I += 1) {
              let b = (I / O) * T,
                F = Math.floor(b),
                W = Math.ceil(b);
              ((C[I] = F === W ? g[F] : (1 - (b - F)) * g[F] + (1 - (W - b)) * g[W]),
                (v[I] =
                  F === W ? -g[A - 1 - F] : -((1 - (b - F)) * g[A - 1 - F]) - (1 - (W - b)) * g[A - 1 - W]));
            }
            ((C[O] = A % 2 === 1 ? g[O - 1] : (g[O - 2] + g[O - 1]) / 2), (l.curve = C), (u.curve = v));
          }
          ((_ = g), x && (n(_) && h === null ? (h = e(a, p)) : h !== null && (h(), (h = null))));
        },
        get inputs() {
          return [p];
        },
        get numberOfInputs() {
          return l.numberOfInputs;
        },
        get numberOfOutputs() {
          return l.numberOfOutputs;
        },
        get oversample() {
          return l.oversample;
        },
        set oversample(g) {
          ((l.oversample = g), (u.oversample = g));
        },
        addEventListener(...g) {
          return p.addEventListener(g[0], g[1], g[2]);
        },
        dispatchEvent(...g) {
          return p.dispatchEvent(g[0]);
        },
        removeEventListener(...g) {
          return p.removeEventListener(g[0], g[1], g[2]);
        },
      };
    (i !== null && (y.curve = i instanceof Float32Array ? i : new Float32Array(i)),
      s !== y.oversample && (y.oversample = s));
    let w = () => {
        (p.connect(l).connect(d),
          p.connect(m).connect(u).connect(f).connect(d),
          (x = !0),
          n(_) && (h = e(a, p)));
      },
      N = () => {
        (p.disconnect(l),
          l.disconnect(d),
          p.disconnect(m),
          m.disconnect(u),
          u.disconnect(f),
          f.disconnect(d),
          (x = !1),
          h !== null && (h(), (h = null)));
      };
    return o(Me(y, d), w, N);
  };
var xe = () => new DOMException('', 'NotSupportedError');
var Ap = { numberOfChannels: 1 },
  wc = (e, t, r, n, o) =>
    class extends e {
      constructor(i, s, c) {
        let l;
        if (typeof i == 'number' && s !== void 0 && c !== void 0)
          l = { length: s, numberOfChannels: i, sampleRate: c };
        else if (typeof i == 'object') l = i;
        else throw new Error('The given parameters are not valid.');
        let { length: u, numberOfChannels: p, sampleRate: m } = { ...Ap, ...l },
          d = n(p, u, m);
        (t(De, () => De(d)) ||
          d.addEventListener(
            'statechange',
            (() => {
              let f = 0,
                h = (x) => {
                  this._state === 'running' &&
                    (f > 0
                      ? (d.removeEventListener('statechange', h),
                        x.stopImmediatePropagation(),
                        this._waitForThePromiseToSettle(x))
                      : (f += 1));
                };
              return h;
            })(),
          ),
          super(d, p),
          (this._length = u),
          (this._nativeOfflineAudioContext = d),
          (this._state = null));
      }
      get length() {
        return this._nativeOfflineAudioContext.length === void 0
          ? this._length
          : this._nativeOfflineAudioContext.length;
      }
      get state() {
        return this._state === null ? this._nativeOfflineAudioContext.state : this._state;
      }
      startRendering() {
        return this._state === 'running'
          ? Promise.reject(r())
          : ((this._state = 'running'),
            o(this.destination, this._nativeOfflineAudioContext).finally(() => {
              ((this._state = null), Ke(this));
            }));
      }
      _waitForThePromiseToSettle(i) {
        this._state === null
          ? this._nativeOfflineAudioContext.dispatchEvent(i)
          : setTimeout(() => this._waitForThePromiseToSettle(i));
      }
    };
var wp = {
    channelCount: 2,
    channelCountMode: 'max',
    channelInterpretation: 'speakers',
    detune: 0,
    frequency: 440,
    periodicWave: void 0,
    type: 'sine',
  },
  Ec = (e, t, r, n, o, a, i) =>
    class extends e {
      constructor(c, l) {
        let u = o(c),
          p = { ...wp, ...l },
          m = r(u, p),
          d = a(u),
          f = d ? n() : null,
          h = c.sampleRate / 2;
        (super(c, !1, m, f),
          (this._detune = t(this, d, m.detune, 153600, -153600)),
          (this._frequency = t(this, d, m.frequency, h, -h)),
          (this._nativeOscillatorNode = m),
          (this._onended = null),
          (this._oscillatorNodeRenderer = f),
          this._oscillatorNodeRenderer !== null &&
            p.periodicWave !== void 0 &&
            (this._oscillatorNodeRenderer.periodicWave = p.periodicWave));
      }
      get detune() {
        return this._detune;
      }
      get frequency() {
        return this._frequency;
      }
      get onended() {
        return this._onended;
      }
      set onended(c) {
        let l = typeof c == 'function' ? i(this, c) : null;
        this._nativeOscillatorNode.onended = l;
        let u = this._nativeOscillatorNode.onended;
        this._onended = u !== null && u === l ? c : u;
      }
      get type() {
        return this._nativeOscillatorNode.type;
      }
      set type(c) {
        ((this._nativeOscillatorNode.type = c),
          this._oscillatorNodeRenderer !== null && (this._oscillatorNodeRenderer.periodicWave = null));
      }
      setPeriodicWave(c) {
        (this._nativeOscillatorNode.setPeriodicWave(c),
          this._oscillatorNodeRenderer !== null && (this._oscillatorNodeRenderer.periodicWave = c));
      }
      start(c = 0) {
        if (
          (this._nativeOscillatorNode.start(c),
          this._oscillatorNodeRenderer !== null && (this._oscillatorNodeRenderer.start = c),
          this.context.state !== 'closed')
        ) {
          Re(this);
          let l = () => {
            (this._nativeOscillatorNode.removeEventListener('ended', l), Ne(this) && Be(this));
          };
          this._nativeOscillatorNode.addEventListener('ended', l);
        }
      }
      stop(c = 0) {
        (this._nativeOscillatorNode.stop(c),
          this._oscillatorNodeRenderer !== null && (this._oscillatorNodeRenderer.stop = c));
      }
    };
var bc = (e, t, r, n, o) => () => {
  let a = new WeakMap(),
    i = null,
    s = null,
    c = null,
    l = async (u, p) => {
      let m = r(u),
        d = z(m, p);
      if (!d) {
        let f = {
          channelCount: m.channelCount,
          channelCountMode: m.channelCountMode,
          channelInterpretation: m.channelInterpretation,
          detune: m.detune.value,
          frequency: m.frequency.value,
          periodicWave: i === null ? void 0 : i,
          type: m.type,
        };
        ((m = t(p, f)), s !== null && m.start(s), c !== null && m.stop(c));
      }
      return (
        a.set(p, m),
        d
          ? (await e(p, u.detune, m.detune), await e(p, u.frequency, m.frequency))
          : (await n(p, u.detune, m.detune), await n(p, u.frequency, m.frequency)),
        await o(u, p, m),
        m
      );
    };
  return {
    set periodicWave(u) {
      i = u;
    },
    set start(u) {
      s = u;
    },
    set stop(u) {
      c = u;
    },
    render(u, p) {
      let m = a.get(p);
      return m !== void 0 ? Promise.resolve(m) : l(u, p);
    },
  };
};
var Ep = {
    channelCount: 2,
    channelCountMode: 'clamped-max',
    channelInterpretation: 'speakers',
    coneInnerAngle: 360,
    coneOuterAngle: 360,
    coneOuterGain: 0,
    distanceModel: 'inverse',
    maxDistance: 1e4,
    orientationX: 1,
    orientationY: 0,
    orientationZ: 0,
    panningModel: 'equalpower',
    positionX: 0,
    positionY: 0,
    positionZ: 0,
    refDistance: 1,
    rolloffFactor: 1,
  },
  Sc = (e, t, r, n, o, a, i) =>
    class extends e {
      constructor(c, l) {
        let u = o(c),
          p = { ...Ep, ...l },
          m = r(u, p),
          d = a(u),
          f = d ? n() : null;
        (super(c, !1, m, f),
          (this._nativePannerNode = m),
          (this._orientationX = t(this, d, m.orientationX, ae, ie)),
          (this._orientationY = t(this, d, m.orientationY, ae, ie)),
          (this._orientationZ = t(this, d, m.orientationZ, ae, ie)),
          (this._positionX = t(this, d, m.positionX, ae, ie)),
          (this._positionY = t(this, d, m.positionY, ae, ie)),
          (this._positionZ = t(this, d, m.positionZ, ae, ie)),
          i(this, 1));
      }
      get coneInnerAngle() {
        return this._nativePannerNode.coneInnerAngle;
      }
      set coneInnerAngle(c) {
        this._nativePannerNode.coneInnerAngle = c;
      }
      get coneOuterAngle() {
        return this._nativePannerNode.coneOuterAngle;
      }
      set coneOuterAngle(c) {
        this._nativePannerNode.coneOuterAngle = c;
      }
      get coneOuterGain() {
        return this._nativePannerNode.coneOuterGain;
      }
      set coneOuterGain(c) {
        this._nativePannerNode.coneOuterGain = c;
      }
      get distanceModel() {
        return this._nativePannerNode.distanceModel;
      }
      set distanceModel(c) {
        this._nativePannerNode.distanceModel = c;
      }
      get maxDistance() {
        return this._nativePannerNode.maxDistance;
      }
      set maxDistance(c) {
        this._nativePannerNode.maxDistance = c;
      }
      get orientationX() {
        return this._orientationX;
      }
      get orientationY() {
        return this._orientationY;
      }
      get orientationZ() {
        return this._orientationZ;
      }
      get panningModel() {
        return this._nativePannerNode.panningModel;
      }
      set panningModel(c) {
        this._nativePannerNode.panningModel = c;
      }
      get positionX() {
        return this._positionX;
      }
      get positionY() {
        return this._positionY;
      }
      get positionZ() {
        return this._positionZ;
      }
      get refDistance() {
        return this._nativePannerNode.refDistance;
      }
      set refDistance(c) {
        this._nativePannerNode.refDistance = c;
      }
      get rolloffFactor() {
        return this._nativePannerNode.rolloffFactor;
      }
      set rolloffFactor(c) {
        this._nativePannerNode.rolloffFactor = c;
      }
    };
var Tc = (e, t, r, n, o, a, i, s, c, l) => () => {
  let u = new WeakMap(),
    p = null,
    m = async (d, f) => {
      let h = null,
        x = a(d),
        _ = {
          channelCount: x.channelCount,
          channelCountMode: x.channelCountMode,
          channelInterpretation: x.channelInterpretation,
        },
        y = {
          ..._,
          coneInnerAngle: x.coneInnerAngle,
          coneOuterAngle: x.coneOuterAngle,
          coneOuterGain: x.coneOuterGain,
          distanceModel: x.distanceModel,
          maxDistance: x.maxDistance,
          panningModel: x.panningModel,
          refDistance: x.refDistance,
          rolloffFactor: x.rolloffFactor,
        },
        w = z(x, f);
      if ('bufferSize' in x) h = n(f, { ..._, gain: 1 });
      else if (!w) {
        let N = {
          ...y,
          orientationX: x.orientationX.value,
          orientationY: x.orientationY.value,
          orientationZ: x.orientationZ.value,
          positionX: x.positionX.value,
          positionY: x.positionY.value,
          positionZ: x.positionZ.value,
        };
        x = o(f, N);
      }
      if ((u.set(f, h === null ? x : h), h !== null)) {
        if (p === null) {
          if (i === null) throw new Error('Missing the native OfflineAudioContext constructor.');
          let I = new i(6, d.context.length, f.sampleRate),
            b = t(I, {
              channelCount: 1,
              channelCountMode: 'explicit',
              channelInterpretation: 'speakers',
              numberOfInputs: 6,
            });
          (b.connect(I.destination),
            (p = (async () => {
              let F = await Promise.all(
                [d.orientationX, d.orientationY, d.orientationZ, d.positionX, d.positionY, d.positionZ].map(
                  async (W, L) => {
                    let E = r(I, {
                      channelCount: 1,
                      channelCountMode: 'explicit',
                      channelInterpretation: 'discrete',
                      offset: L === 0 ? 1 : 0,
                    });
                    return (await s(I, W, E.offset), E);
                  },
                ),
              );
              for (let W = 0; W < 6; W += 1) (F[W].connect(b, 0, W), F[W].start(0));
              return l(I);
            })()));
        }
        let N = await p,
          g = n(f, { ..._, gain: 1 });
        await c(d, f, g);
        let A = [];
        for (let I = 0; I < N.numberOfChannels; I += 1) A.push(N.getChannelData(I));
        let C = [A[0][0], A[1][0], A[2][0]],
          v = [A[3][0], A[4][0], A[5][0]],
          O = n(f, { ..._, gain: 1 }),
          T = o(f, {
            ...y,
            orientationX: C[0],
            orientationY: C[1],
            orientationZ: C[2],
            positionX: v[0],
            positionY: v[1],
            positionZ: v[2],
          });
        (g.connect(O).connect(T.inputs[0]), T.connect(h));
        for (let I = 128; I < N.length; I += 128) {
          let b = [A[0][I], A[1][I], A[2][I]],
            F = [A[3][I], A[4][I], A[5][I]];
          if (b.some((W, L) => W !== C[L]) || F.some((W, L) => W !== v[L])) {
            ((C = b), (v = F));
            let W = I / f.sampleRate;
            (O.gain.setValueAtTime(0, W),
              (O = n(f, { ..._, gain: 0 })),
              (T = o(f, {
                ...y,
                orientationX: C[0],
                orientationY: C[1],
                orientationZ: C[2],
                positionX: v[0],
                positionY: v[1],
                positionZ: v[2],
              })),
              O.gain.setValueAtTime(1, W),
              g.connect(O).connect(T.inputs[0]),
              T.connect(h));
          }
        }
        return h;
      }
      return (
        w
          ? (await e(f, d.orientationX, x.orientationX),
            await e(f, d.orientationY, x.orientationY),
            await e(f, d.orientationZ, x.orientationZ),
            await e(f, d.positionX, x.positionX),
            await e(f, d.positionY, x.positionY),
            await e(f, d.positionZ, x.positionZ))
          : (await s(f, d.orientationX, x.orientationX),
            await s(f, d.orientationY, x.orientationY),
            await s(f, d.orientationZ, x.orientationZ),
            await s(f, d.positionX, x.positionX),
            await s(f, d.positionY, x.positionY),
            await s(f, d.positionZ, x.positionZ)),
        Ie(x) ? await c(d, f, x.inputs[0]) : await c(d, f, x),
        x
      );
    };
  return {
    render(d, f) {
      let h = u.get(f);
      return h !== void 0 ? Promise.resolve(h) : m(d, f);
    },
  };
};
var bp = { disableNormalization: !1 },
  Ic = (e, t, r, n) =>
    class Mc {
      constructor(a, i) {
        let s = t(a),
          c = n({ ...bp, ...i }),
          l = e(s, c);
        return (r.add(l), l);
      }
      static [Symbol.hasInstance](a) {
        return (a !== null && typeof a == 'object' && Object.getPrototypeOf(a) === Mc.prototype) || r.has(a);
      }
    };
var Oc = (e, t) => (r, n, o) => (e(n).replay(o), t(n, r, o));
var kc = (e, t, r) => async (n, o, a) => {
  let i = e(n);
  await Promise.all(
    i.activeInputs
      .map((s, c) =>
        Array.from(s).map(async ([l, u]) => {
          let m = await t(l).render(l, o),
            d = n.context.destination;
          !r(l) && (n !== d || !r(n)) && m.connect(a, u, c);
        }),
      )
      .reduce((s, c) => [...s, ...c], []),
  );
};
var Rc = (e, t, r) => async (n, o, a) => {
  let i = t(n);
  await Promise.all(
    Array.from(i.activeInputs).map(async ([s, c]) => {
      let u = await e(s).render(s, o);
      r(s) || u.connect(a, c);
    }),
  );
};
var Pc = (e, t, r, n) => (o) =>
  e(De, () => De(o))
    ? Promise.resolve(e(n, n)).then((a) => {
        if (!a) {
          let i = r(o, 512, 0, 1);
          ((o.oncomplete = () => {
            ((i.onaudioprocess = null), i.disconnect());
          }),
            (i.onaudioprocess = () => o.currentTime),
            i.connect(o.destination));
        }
        return o.startRendering();
      })
    : new Promise((a) => {
        let i = t(o, {
          channelCount: 1,
          channelCountMode: 'explicit',
          channelInterpretation: 'discrete',
          gain: 0,
        });
        ((o.oncomplete = (s) => {
          (i.disconnect(), a(s.renderedBuffer));
        }),
          i.connect(o.destination),
          o.startRendering());
      });
var Dc = (e) => (t, r) => {
  e.set(t, r);
};
var Fc = (e) => (t, r) => e.set(t, r);
var Lc = (e, t, r, n, o, a, i, s) => (c, l) =>
  r(c)
    .render(c, l)
    .then(() => Promise.all(Array.from(n(l)).map((u) => r(u).render(u, l))))
    .then(() => o(l))
    .then(
      (u) => (typeof u.copyFromChannel != 'function' ? (i(u), _t(u)) : t(a, () => a(u)) || s(u), e.add(u), u),
    );
var Sp = { channelCount: 2, channelCountMode: 'explicit', channelInterpretation: 'speakers', pan: 0 },
  Wc = (e, t, r, n, o, a) =>
    class extends e {
      constructor(s, c) {
        let l = o(s),
          u = { ...Sp, ...c },
          p = r(l, u),
          m = a(l),
          d = m ? n() : null;
        (super(s, !1, p, d), (this._pan = t(this, m, p.pan)));
      }
      get pan() {
        return this._pan;
      }
    };
var Bc = (e, t, r, n, o) => () => {
  let a = new WeakMap(),
    i = async (s, c) => {
      let l = r(s),
        u = z(l, c);
      if (!u) {
        let p = {
          channelCount: l.channelCount,
          channelCountMode: l.channelCountMode,
          channelInterpretation: l.channelInterpretation,
          pan: l.pan.value,
        };
        l = t(c, p);
      }
      return (
        a.set(c, l),
        u ? await e(c, s.pan, l.pan) : await n(c, s.pan, l.pan),
        Ie(l) ? await o(s, c, l.inputs[0]) : await o(s, c, l),
        l
      );
    };
  return {
    render(s, c) {
      let l = a.get(c);
      return l !== void 0 ? Promise.resolve(l) : i(s, c);
    },
  };
};
var Uc = (e) => () => {
  if (e === null) return !1;
  try {
    new e({ length: 1, sampleRate: 44100 });
  } catch {
    return !1;
  }
  return !0;
};
var Vc = (e, t) => async () => {
  if (e === null) return !0;
  if (t === null) return !1;
  let r = new Blob(
      [
        'class A extends AudioWorkletProcessor{process(i){this.port.postMessage(i,[i[0][0].buffer])}}registerProcessor("a",A)',
      ],
      { type: 'application/javascript; charset=utf-8' },
    ),
    n = new t(1, 128, 44100),
    o = URL.createObjectURL(r),
    a = !1,
    i = !1;
  try {
    await n.audioWorklet.addModule(o);
    let s = new e(n, 'a', { numberOfOutputs: 0 }),
      c = n.createOscillator();
    ((s.port.onmessage = () => (a = !0)),
      (s.onprocessorerror = () => (i = !0)),
      c.connect(s),
      c.start(0),
      await n.startRendering(),
      await new Promise((l) => setTimeout(l)));
  } catch {
  } finally {
    URL.revokeObjectURL(o);
  }
  return a && !i;
};
var qc = (e, t) => () => {
  if (t === null) return Promise.resolve(!1);
  let r = new t(1, 1, 44100),
    n = e(r, { channelCount: 1, channelCountMode: 'explicit', channelInterpretation: 'discrete', gain: 0 });
  return new Promise((o) => {
    ((r.oncomplete = () => {
      (n.disconnect(), o(r.currentTime !== 0));
    }),
      r.startRendering());
  });
};
var An = () => new DOMException('', 'UnknownError');
var Tp = {
    channelCount: 2,
    channelCountMode: 'max',
    channelInterpretation: 'speakers',
    curve: null,
    oversample: 'none',
  },
  Gc = (e, t, r, n, o, a, i) =>
    class extends e {
      constructor(c, l) {
        let u = o(c),
          p = { ...Tp, ...l },
          m = r(u, p),
          f = a(u) ? n() : null;
        (super(c, !0, m, f), (this._isCurveNullified = !1), (this._nativeWaveShaperNode = m), i(this, 1));
      }
      get curve() {
        return this._isCurveNullified ? null : this._nativeWaveShaperNode.curve;
      }
      set curve(c) {
        if (c === null)
          ((this._isCurveNullified = !0), (this._nativeWaveShaperNode.curve = new Float32Array([0, 0])));
        else {
          if (c.length < 2) throw t();
          ((this._isCurveNullified = !1), (this._nativeWaveShaperNode.curve = c));
        }
      }
      get oversample() {
        return this._nativeWaveShaperNode.oversample;
      }
      set oversample(c) {
        this._nativeWaveShaperNode.oversample = c;
      }
    };
var jc = (e, t, r) => () => {
  let n = new WeakMap(),
    o = async (a, i) => {
      let s = t(a);
      if (!z(s, i)) {
        let l = {
          channelCount: s.channelCount,
          channelCountMode: s.channelCountMode,
          channelInterpretation: s.channelInterpretation,
          curve: s.curve,
          oversample: s.oversample,
        };
        s = e(i, l);
      }
      return (n.set(i, s), Ie(s) ? await r(a, i, s.inputs[0]) : await r(a, i, s), s);
    };
  return {
    render(a, i) {
      let s = n.get(i);
      return s !== void 0 ? Promise.resolve(s) : o(a, i);
    },
  };
};
var zc = () => (typeof window > 'u' ? null : window);
var Yc = (e, t) => (r) => {
  ((r.copyFromChannel = (n, o, a = 0) => {
    let i = e(a),
      s = e(o);
    if (s >= r.numberOfChannels) throw t();
    let c = r.length,
      l = r.getChannelData(s),
      u = n.length;
    for (let p = i < 0 ? -i : 0; p + i < c && p < u; p += 1) n[p] = l[p + i];
  }),
    (r.copyToChannel = (n, o, a = 0) => {
      let i = e(a),
        s = e(o);
      if (s >= r.numberOfChannels) throw t();
      let c = r.length,
        l = r.getChannelData(s),
        u = n.length;
      for (let p = i < 0 ? -i : 0; p + i < c && p < u; p += 1) l[p + i] = n[p];
    }));
};
var Hc = (e) => (t) => {
  ((t.copyFromChannel = (
    (r) =>
    (n, o, a = 0) => {
      let i = e(a),
        s = e(o);
      if (i < t.length) return r.call(t, n, s, i);
    }
  )(t.copyFromChannel)),
    (t.copyToChannel = (
      (r) =>
      (n, o, a = 0) => {
        let i = e(a),
          s = e(o);
        if (i < t.length) return r.call(t, n, s, i);
      }
    )(t.copyToChannel)));
};
var $c = (e) => (t, r) => {
  let n = r.createBuffer(1, 1, 44100);
  (t.buffer === null && (t.buffer = n),
    e(
      t,
      'buffer',
      (o) => () => {
        let a = o.call(t);
        return a === n ? null : a;
      },
      (o) => (a) => o.call(t, a === null ? n : a),
    ));
};
var Xc = (e, t) => (r, n) => {
  ((n.channelCount = 1),
    (n.channelCountMode = 'explicit'),
    Object.defineProperty(n, 'channelCount', {
      get: () => 1,
      set: () => {
        throw e();
      },
    }),
    Object.defineProperty(n, 'channelCountMode', {
      get: () => 'explicit',
      set: () => {
        throw e();
      },
    }));
  let o = r.createBufferSource();
  t(
    n,
    () => {
      let s = n.numberOfInputs;
      for (let c = 0; c < s; c += 1) o.connect(n, 0, c);
    },
    () => o.disconnect(n),
  );
};
var wn = (e, t, r) =>
  e.copyFromChannel === void 0 ? e.getChannelData(r)[0] : (e.copyFromChannel(t, r), t[0]);
var En = (e) => {
  if (e === null) return !1;
  let t = e.length;
  return t % 2 !== 0 ? e[Math.floor(t / 2)] !== 0 : e[t / 2 - 1] + e[t / 2] !== 0;
};
var It = (e, t, r, n) => {
  let o = e;
  for (; !o.hasOwnProperty(t);) o = Object.getPrototypeOf(o);
  let { get: a, set: i } = Object.getOwnPropertyDescriptor(o, t);
  Object.defineProperty(e, t, { get: r(a), set: n(i) });
};
var Zc = (e) => ({
  ...e,
  outputChannelCount:
    e.outputChannelCount !== void 0
      ? e.outputChannelCount
      : e.numberOfInputs === 1 && e.numberOfOutputs === 1
        ? [e.channelCount]
        : Array.from({ length: e.numberOfOutputs }, () => 1),
});
var Qc = (e) => ({ ...e, channelCount: e.numberOfOutputs });
var Kc = (e) => {
  let { imag: t, real: r } = e;
  return t === void 0
    ? r === void 0
      ? { ...e, imag: [0, 0], real: [0, 0] }
      : { ...e, imag: Array.from(r, () => 0), real: r }
    : r === void 0
      ? { ...e, imag: t, real: Array.from(t, () => 0) }
      : { ...e, imag: t, real: r };
};
var bn = (e, t, r) => {
  try {
    e.setValueAtTime(t, r);
  } catch (n) {
    if (n.code !== 9) throw n;
    bn(e, t, r + 1e-7);
  }
};
var Jc = (e) => {
  let t = e.createBufferSource();
  t.start();
  try {
    t.start();
  } catch {
    return !0;
  }
  return !1;
};
var eu = (e) => {
  let t = e.createBufferSource(),
    r = e.createBuffer(1, 1, 44100);
  t.buffer = r;
  try {
    t.start(0, 1);
  } catch {
    return !1;
  }
  return !0;
};
var tu = (e) => {
  let t = e.createBufferSource();
  t.start();
  try {
    t.stop();
  } catch {
    return !1;
  }
  return !0;
};
var kr = (e) => {
  let t = e.createOscillator();
  try {
    t.start(-1);
  } catch (r) {
    return r instanceof RangeError;
  }
  return !1;
};
var Sn = (e) => {
  let t = e.createBuffer(1, 1, 44100),
    r = e.createBufferSource();
  ((r.buffer = t), r.start(), r.stop());
  try {
    return (r.stop(), !0);
  } catch {
    return !1;
  }
};
var Rr = (e) => {
  let t = e.createOscillator();
  try {
    t.stop(-1);
  } catch (r) {
    return r instanceof RangeError;
  }
  return !1;
};
var ru = (e) => {
  let { port1: t, port2: r } = new MessageChannel();
  try {
    t.postMessage(e);
  } finally {
    (t.close(), r.close());
  }
};
var nu = (e) => {
  e.start = (
    (t) =>
    (r = 0, n = 0, o) => {
      let a = e.buffer,
        i = a === null ? n : Math.min(a.duration, n);
      a !== null && i > a.duration - 0.5 / e.context.sampleRate ? t.call(e, r, 0, 0) : t.call(e, r, i, o);
    }
  )(e.start);
};
var Tn = (e, t) => {
  let r = t.createGain();
  e.connect(r);
  let n = ((o) => () => {
    (o.call(e, r), e.removeEventListener('ended', n));
  })(e.disconnect);
  (e.addEventListener('ended', n),
    Me(e, r),
    (e.stop = ((o) => {
      let a = !1;
      return (i = 0) => {
        if (a)
          try {
            o.call(e, i);
          } catch {
            r.gain.setValueAtTime(0, i);
          }
        else (o.call(e, i), (a = !0));
      };
    })(e.stop)));
};
var ut = (e, t) => (r) => {
  let n = { value: e };
  return (
    Object.defineProperties(r, { currentTarget: n, target: n }),
    typeof t == 'function' ? t.call(e, r) : t.handleEvent.call(e, r)
  );
};
var Ip = Ya(Pe),
  Mp = rs(Pe),
  Op = Ks(Ze),
  au = new WeakMap(),
  kp = mi(au),
  Oe = Rs(new Map(), new WeakMap()),
  Ue = zc(),
  su = Gi(Oe, Te),
  In = fi(he),
  _e = kc(he, In, je),
  Rp = ss(su, K, _e),
  ee = _i(ht),
  ze = hc(Ue),
  J = ki(ze),
  iu = new WeakMap(),
  cu = ii(ut),
  Mt = Hi(Ue),
  Mn = Ti(Mt),
  On = Ii(Ue),
  uu = Mi(Ue),
  rr = Xi(Ue),
  ce = As(
    Ha(yr),
    ts(Ip, Mp, gt, Op, vt, he, kp, We, K, Pe, Ne, je, yt),
    Oe,
    Ai(Kt, vt, he, K, it, Ne),
    Te,
    wt,
    xe,
    Xs(gt, Kt, he, K, it, ee, Ne, J),
    ti(iu, he, pe),
    cu,
    ee,
    Mn,
    On,
    uu,
    J,
    rr,
  ),
  Pp = as(ce, Rp, Te, su, ee, J);
var kn = new WeakSet(),
  ou = ji(Ue),
  lu = Gs(new Uint32Array(1)),
  Rn = Yc(lu, Te),
  Pn = Hc(lu),
  Dn = is(kn, Oe, xe, ou, ze, Uc(ou), Rn, Pn);
var Pr = ns(Ce),
  pu = Rc(In, Qe, je),
  Ve = Ws(pu),
  Ot = Yi(Pr, Oe, Jc, eu, tu, kr, Sn, Rr, nu, $c(It), Tn),
  qe = Oc(hi(Qe), pu),
  Dp = ls(Ve, Ot, K, qe, _e),
  Fe = Es(
    $a(Nr),
    iu,
    Qt,
    bs,
    we.createCancelAndHoldAutomationEvent,
    we.createCancelScheduledValuesAutomationEvent,
    we.createExponentialRampToValueAutomationEvent,
    we.createLinearRampToValueAutomationEvent,
    we.createSetTargetAutomationEvent,
    we.createSetValueAutomationEvent,
    we.createSetValueCurveAutomationEvent,
    Mt,
    bn,
  ),
  Fn = us(ce, Dp, Fe, re, Ot, ee, J, ut);
var Fp = gs(ce, vs, Te, re, $i(Ce, It), ee, J, _e),
  Lp = ks(Ve, Nn, K, qe, _e),
  lt = Fc(au),
  Wp = Os(ce, Fe, Lp, wt, Nn, ee, J, lt),
  et = Vi(Pe, On),
  Bp = Xc(re, et),
  tt = rc(Mt, Bp),
  Up = Ds(tt, K, _e),
  Vp = Ps(ce, Up, tt, ee, J),
  qp = Ls(St, K, _e),
  Gp = Fs(ce, qp, St, ee, J, Qc),
  jp = ac(Pr, Ot, Ce, et),
  kt = oc(Pr, Oe, jp, kr, Rr),
  zp = qs(Ve, kt, K, qe, _e),
  Yp = Vs(ce, Fe, zp, kt, ee, J, ut),
  du = sc(xe, It),
  Hp = zs(du, K, _e),
  $p = js(ce, Hp, du, ee, J, lt),
  Xp = Qs(Ve, Cn, K, qe, _e),
  Zp = Zs(ce, Fe, Xp, Cn, ee, J, lt),
  fu = ic(xe),
  Qp = oi(Ve, fu, K, qe, _e),
  Kp = ni(ce, Fe, Qp, fu, xe, ee, J, lt),
  Jp = pi(Ve, Ce, K, qe, _e),
  ed = li(ce, Fe, Jp, Ce, ee, J),
  td = lc(wt, re, Tt, xe),
  Dr = Pc(Oe, Ce, Tt, qc(Ce, ze)),
  rd = Ci(Ot, K, ze, _e, Dr),
  nd = cc(td),
  od = Ni(ce, nd, rd, ee, J, lt),
  ad = ys(Fe, tt, kt, Tt, xe, wn, J, It),
  mu = new WeakMap(),
  Ln = Bi(Fp, ad, cu, J, mu, ut),
  hu = xc(Pr, Oe, kr, Sn, Rr, Tn),
  sd = bc(Ve, hu, K, qe, _e),
  id = Ec(ce, Fe, hu, sd, ee, J, ut),
  xu = Us(Ot),
  cd = Ac(xu, re, Ce, En, et),
  Fr = Cc(xu, re, cd, En, et, Mt, It),
  ud = gc(gt, re, tt, Ce, Tt, Fr, xe, vt, wn, et),
  _u = _c(ud),
  ld = Tc(Ve, tt, kt, Ce, _u, K, ze, qe, _e, Dr),
  pd = Sc(ce, Fe, _u, ld, ee, J, lt),
  dd = vc(Te),
  fd = Ic(dd, ee, new WeakSet(), Kc),
  md = Nc(tt, St, Ce, Fr, xe, et),
  gu = yc(md, xe),
  hd = Bc(Ve, gu, K, qe, _e),
  xd = Wc(ce, Fe, gu, hd, ee, J),
  _d = jc(Fr, K, _e),
  gd = Gc(ce, re, Fr, _d, ee, J, lt),
  vu = Ri(Ue),
  Wn = ci(Ue),
  yu = new WeakMap(),
  vd = gi(yu, ze),
  Lr = vu
    ? es(Oe, xe, si(Ue), Wn, ui(za), ee, vd, J, rr, new WeakMap(), new WeakMap(), Vc(rr, ze), Ue)
    : void 0,
  yd = Oi(Mn, J),
  Nd = $s(kn, Oe, Hs, ai, new WeakSet(), ee, yd, xt, De, Rn, Pn),
  Nu = Ms(Lr, Pp, Dn, Fn, Wp, Vp, Gp, Yp, $p, Nd, Zp, Kp, ed, od, Ln, id, pd, fd, xd, gd),
  Cd = Pi(ce, pc, ee, J),
  Ad = Di(ce, dc, ee, J),
  Bn = Fi(ce, fc, ee, J),
  wd = mc(re, J),
  Ed = Li(ce, wd, ee),
  EW = _s(Nu, re, xe, An, Cd, Ad, Bn, Ed, Mt);
var Un = vi(mu),
  bd = os(Un),
  Cu = Bs(Te),
  Sd = Js(Un),
  Au = ri(Te),
  wu = new WeakMap(),
  Td = di(wu, pe),
  Id = tc(Cu, Te, re, tt, St, kt, Ce, Tt, xe, Au, Wn, Td, et),
  Md = Qi(re, Id, Ce, xe, et),
  Od = Is(Ve, Cu, Ot, tt, St, kt, Ce, Sd, Au, Wn, K, rr, ze, qe, _e, Dr),
  kd = xi(yu),
  Rd = Dc(wu),
  Vn = vu ? Ss(bd, ce, Fe, Od, Md, he, kd, ee, J, rr, Zc, Rd, ru, ut) : void 0;
var Eu = Wi(re, xe, An, Ln, Mt);
var bu = Ys(xe, ze),
  Su = Lc(kn, Oe, In, Un, Dr, xt, Rn, Pn),
  bW = Ui(Oe, re, bu, Ln, Su);
var SW = wc(Nu, Oe, re, bu, Su);
var TW = wi(ht, Mn),
  IW = Ei(mt, On),
  MW = bi(Qt, uu),
  OW = Si(ht, J);
var Tu = 'Missing AudioWorklet support. Maybe this is not running in a secure context.',
  Pd = async (e, t, r, n, o) => {
    let { encoderInstanceId: a, port: i } = await hr(o, t.sampleRate);
    if (Vn === void 0) throw new Error(Tu);
    let s = e === null ? null : new Fn(t, { buffer: e }),
      c = new Bn(t, { mediaStream: n }),
      l = Ra(Vn, t, { channelCount: r });
    return {
      audioBufferSourceNode: s,
      encoderInstanceId: a,
      mediaStreamAudioSourceNode: c,
      port: i,
      recorderAudioWorkletNode: l,
    };
  },
  Iu = (e, t, r, n) => (o, a, i) => {
    var s;
    let c = (s = a.getAudioTracks()[0]) === null || s === void 0 ? void 0 : s.getSettings().sampleRate,
      l = new Eu({ latencyHint: 'playback', sampleRate: c }),
      u = MediaRecorder.isTypeSupported('audio/mp4')
        ? new Dn({ length: 2688, sampleRate: l.sampleRate })
        : null,
      p = [],
      m = ka((C) => {
        if (Lr === void 0) throw new Error(Tu);
        return Lr(l, C);
      }),
      d = null,
      f = null,
      h = null,
      x = null,
      _ = !0,
      y = (C) => {
        o.dispatchEvent(e('dataavailable', { data: new Blob(C, { type: i }) }));
      },
      w = async (C, v) => {
        let O = await ft(C, v);
        h === null ? p.push(...O) : (y(O), (x = w(C, v)));
      },
      N = () => ((_ = !0), l.resume()),
      g = () => {
        h !== null &&
          (d !== null && (a.removeEventListener('addtrack', d), a.removeEventListener('removetrack', d)),
          f !== null && clearTimeout(f),
          h.then(
            async ({ encoderInstanceId: C, mediaStreamAudioSourceNode: v, recorderAudioWorkletNode: O }) => {
              (x !== null && (x.catch(() => {}), (x = null)), await O.stop(), v.disconnect(O));
              let T = await ft(C, null);
              (h === null && (await A()),
                y([...p, ...T]),
                (p.length = 0),
                o.dispatchEvent(new Event('stop')));
            },
          ),
          (h = null));
      },
      A = () => ((_ = !1), l.suspend());
    return (
      A(),
      {
        get mimeType() {
          return i;
        },
        get state() {
          return h === null ? 'inactive' : _ ? 'recording' : 'paused';
        },
        pause() {
          if (h === null) throw r();
          _ && (A(), o.dispatchEvent(new Event('pause')));
        },
        resume() {
          if (h === null) throw r();
          _ || (N(), o.dispatchEvent(new Event('resume')));
        },
        start(C) {
          var v;
          if (h !== null) throw r();
          if (a.getVideoTracks().length > 0) throw n();
          o.dispatchEvent(new Event('start'));
          let O = a.getAudioTracks(),
            T = O.length === 0 ? 2 : (v = O[0].getSettings().channelCount) !== null && v !== void 0 ? v : 2;
          h = Promise.all([N(), m.then(() => Pd(u, l, T, a, i))]).then(
            async ([
              ,
              {
                audioBufferSourceNode: b,
                encoderInstanceId: F,
                mediaStreamAudioSourceNode: W,
                port: L,
                recorderAudioWorkletNode: E,
              },
            ]) => (
              W.connect(E),
              b !== null &&
                (await new Promise((S) => {
                  ((b.onended = S), b.connect(E), b.start());
                }),
                b.disconnect(E)),
              await E.record(L),
              C !== void 0 && (x = w(F, C)),
              { encoderInstanceId: F, mediaStreamAudioSourceNode: W, recorderAudioWorkletNode: E }
            ),
          );
          let I = a.getTracks();
          ((d = () => {
            (g(), o.dispatchEvent(new ErrorEvent('error', { error: t() })));
          }),
            a.addEventListener('addtrack', d),
            a.addEventListener('removetrack', d),
            (f = setInterval(() => {
              let b = a.getTracks();
              (b.length !== I.length || b.some((F, W) => F !== I[W])) && d !== null && d();
            }, 1e3)));
        },
        stop: g,
      }
    );
  };
var Br = rt(Ou());
var ku = (e, t, r) => (n, o, a, i) => {
  let s = [],
    c = new o(a, { mimeType: 'audio/webm; codecs=pcm' }),
    l = null,
    u = () => {},
    p = (f) => {
      n.dispatchEvent(e('dataavailable', { data: new Blob(f, { type: i }) }));
    },
    m = async (f, h) => {
      let x = await ft(f, h);
      c.state === 'inactive' ? s.push(...x) : (p(x), (l = m(f, h)));
    },
    d = () => {
      c.state !== 'inactive' &&
        (l !== null && (l.catch(() => {}), (l = null)), u(), (u = () => {}), c.stop());
    };
  return (
    c.addEventListener('error', (f) => {
      (d(), n.dispatchEvent(new ErrorEvent('error', { error: f.error })));
    }),
    c.addEventListener('pause', () => n.dispatchEvent(new Event('pause'))),
    c.addEventListener('resume', () => n.dispatchEvent(new Event('resume'))),
    c.addEventListener('start', () => n.dispatchEvent(new Event('start'))),
    {
      get mimeType() {
        return i;
      },
      get state() {
        return c.state;
      },
      pause() {
        return c.pause();
      },
      resume() {
        return c.resume();
      },
      start(f) {
        let [h] = a.getAudioTracks();
        if (h !== void 0 && c.state === 'inactive') {
          let { channelCount: x, sampleRate: _ } = h.getSettings();
          if (x === void 0) throw new Error('The channelCount is not defined.');
          if (_ === void 0) throw new Error('The sampleRate is not defined.');
          let y = !1,
            w = !1,
            N = 0,
            g = hr(i, _);
          u = () => {
            w = !0;
          };
          let A = gr(
            c,
            'dataavailable',
          )(({ data: C }) => {
            N += 1;
            let v = C.arrayBuffer();
            g = g.then(
              async ({ dataView: O = null, elementType: T = null, encoderInstanceId: I, port: b }) => {
                let F = await v;
                N -= 1;
                let W =
                  O === null
                    ? new Br.MultiBufferDataView([F])
                    : new Br.MultiBufferDataView([...O.buffers, F], O.byteOffset);
                if (!y && c.state === 'recording' && !w) {
                  let P = r(W, 0);
                  if (P === null) return { dataView: W, elementType: T, encoderInstanceId: I, port: b };
                  let { value: D } = P;
                  if (D !== 172351395) return { dataView: O, elementType: T, encoderInstanceId: I, port: b };
                  y = !0;
                }
                let { currentElementType: L, offset: E, contents: S } = t(W, T, x),
                  M = E < W.byteLength ? new Br.MultiBufferDataView(W.buffers, W.byteOffset + E) : null;
                return (
                  S.forEach((P) =>
                    b.postMessage(
                      P,
                      P.map(({ buffer: D }) => D),
                    ),
                  ),
                  N === 0 &&
                    (c.state === 'inactive' || w) &&
                    (ft(I, null).then((P) => {
                      (p([...s, ...P]), (s.length = 0), n.dispatchEvent(new Event('stop')));
                    }),
                    b.postMessage([]),
                    b.close(),
                    A()),
                  { dataView: M, elementType: L, encoderInstanceId: I, port: b }
                );
              },
            );
          });
          f !== void 0 &&
            g.then(({ encoderInstanceId: C }) => {
              w || (l = m(C, f));
            });
        }
        c.start(100);
      },
      stop: d,
    }
  );
};
var Ru = () => (typeof window > 'u' ? null : window);
var qn = (e, t) => {
  if (t >= e.byteLength) return null;
  let r = e.getUint8(t);
  if (r > 127) return 1;
  if (r > 63) return 2;
  if (r > 31) return 3;
  if (r > 15) return 4;
  if (r > 7) return 5;
  if (r > 3) return 6;
  if (r > 1) return 7;
  if (r > 0) return 8;
  let n = qn(e, t + 1);
  return n === null ? null : n + 8;
};
var Pu = (e, t) => (r) => {
  let n = { value: e };
  return (
    Object.defineProperties(r, { currentTarget: n, target: n }),
    typeof t == 'function' ? t.call(e, r) : t.handleEvent.call(e, r)
  );
};
var Du = [],
  Gn = Ru(),
  Dd = Ho(Gn),
  Fu = Uo(Dd),
  Fd = Iu(Fu, jo, zo, xr),
  jn = Ko(qn),
  Ld = Zo(jn),
  Wd = Qo(jn),
  Bd = Vo(Ld, Wd),
  Ud = ku(Fu, Bd, jn),
  Vd = Go(Gn),
  qd = $o(Gn),
  Lu = Yo(Xo(xr), xr, Fd, Ud, Du, qo(Vd, Pu), qd);
var Gd = new WeakMap();
var Wu = async (e) => {
  let t = await Bo(e);
  (Du.push(t), Gd.set(e, t));
};
var jd = mr({
    characterize:
      ({ call: e }) =>
      () =>
        e('characterize'),
    encode:
      ({ call: e }) =>
      (t, r) =>
        e('encode', { recordingId: t, timeslice: r }),
    record:
      ({ call: e }) =>
      async (t, r, n) => {
        await e(
          'record',
          { recordingId: t, sampleRate: r, typedArrays: n },
          n.map(({ buffer: o }) => o).filter((o) => o instanceof ArrayBuffer),
        );
      },
  }),
  Bu = (e) => {
    let t = new Worker(e);
    return jd(t);
  };
var Uu = `(()=>{var e={455(e,t){!function(e){"use strict";var t=function(e){return function(t){var r=e(t);return t.add(r),r}},r=function(e){return function(t,r){return e.set(t,r),r}},n=void 0===Number.MAX_SAFE_INTEGER?9007199254740991:Number.MAX_SAFE_INTEGER,s=536870912,a=2*s,o=function(e,t){return function(r){var o=t.get(r),i=void 0===o?r.size:o<a?o+1:0;if(!r.has(i))return e(r,i);if(r.size<s){for(;r.has(i);)i=Math.floor(Math.random()*a);return e(r,i)}if(r.size>n)throw new Error("Congratulations, you created a collection of unique numbers which uses all available integers!");for(;r.has(i);)i=Math.floor(Math.random()*n);return e(r,i)}},i=new WeakMap,c=r(i),l=o(c,i),u=t(l);e.addUniqueNumber=u,e.generateUniqueNumber=l}(t)}};const t={};function r(n){const s=t[n];if(void 0!==s)return s.exports;const a=t[n]={exports:{}};return e[n].call(a.exports,a,a.exports,r),a.exports}(()=>{"use strict";const e=-32603,t=-32602,n=-32601,s=(e,t)=>Object.assign(new Error(e),{status:t}),a=t=>s('The handler of the method called "'.concat(t,'" returned an unexpected result.'),e),o=(t,r)=>async({data:{id:o,method:i,params:c}})=>{const l=r[i];try{if(void 0===l)throw(e=>s('The requested method called "'.concat(e,'" is not supported.'),n))(i);const r=void 0===c?l():l(c);if(void 0===r)throw(t=>s('The handler of the method called "'.concat(t,'" returned no required result.'),e))(i);const u=r instanceof Promise?await r:r;if(null===o){if(void 0!==u.result)throw a(i)}else{if(void 0===u.result)throw a(i);const{result:e,transferables:r=[]}=u;t.postMessage({id:o,result:e},r)}}catch(e){const{message:r,status:n=-32603}=e;t.postMessage({error:{code:n,message:r},id:o})}};var i=r(455);const c=new Map,l=(e,r,n)=>({...r,connect:({port:t})=>{t.start();const n=e(t,r),s=(0,i.generateUniqueNumber)(c);return c.set(s,()=>{n(),t.close(),c.delete(s)}),{result:s}},disconnect:({portId:e})=>{const r=c.get(e);if(void 0===r)throw(e=>s('The specified parameter called "portId" with the given value "'.concat(e,'" does not identify a port connected to this worker.'),t))(e);return r(),{result:null}},isSupported:async()=>{if(await new Promise(e=>{const t=new ArrayBuffer(0),{port1:r,port2:n}=new MessageChannel;r.onmessage=({data:t})=>e(null!==t),n.postMessage(t,[t])})){const e=n();return{result:e instanceof Promise?await e:e}}return{result:!1}}}),u=(e,t,r=()=>!0)=>{const n=l(u,t,r),s=o(e,n);return e.addEventListener("message",s),()=>e.removeEventListener("message",s)},d=e=>e.reduce((e,t)=>e+t.length,0),h=(e,t)=>{const r=[];let n=0;e:for(;n<t;){const t=e.length;for(let s=0;s<t;s+=1){const t=e[s];void 0===r[s]&&(r[s]=[]);const a=t.shift();if(void 0===a)break e;r[s].push(a),0===s&&(n+=a.length)}}if(n>t){const s=n-t;r.forEach((t,r)=>{const n=t.pop(),a=n.length-s;t.push(n.subarray(0,a)),e[r].unshift(n.subarray(a))})}return r},f=new Map,m=(e=>(t,r,n)=>{const s=e.get(t);if(void 0===s){const s={channelDataArrays:n.map(e=>[e]),isComplete:!0,sampleRate:r};return e.set(t,s),s}return s.channelDataArrays.forEach((e,t)=>e.push(n[t])),s})(f),p=((e,t)=>(r,n,s,a)=>{const o=s>>3,i="subsequent"===n?0:44,c=r.length,l=e(r[0]),u=new ArrayBuffer(l*c*o+i),d=new DataView(u);return"subsequent"!==n&&t(d,s,c,"complete"===n?l:Number.POSITIVE_INFINITY,a),r.forEach((e,t)=>{let r=i+t*o;e.forEach(e=>{const t=e.length;for(let n=0;n<t;n+=1){const t=e[n];d.setInt16(r,t<0?32768*Math.max(-1,t):32767*Math.min(1,t),!0),r+=c*o}})}),[u]})(d,(e,t,r,n,s)=>{const a=t>>3,o=Math.min(n*r*a,4294967251);e.setUint32(0,1380533830),e.setUint32(4,o+36,!0),e.setUint32(8,1463899717),e.setUint32(12,1718449184),e.setUint32(16,16,!0),e.setUint16(20,1,!0),e.setUint16(22,r,!0),e.setUint32(24,s,!0),e.setUint32(28,s*r*a,!0),e.setUint16(32,r*a,!0),e.setUint16(34,t,!0),e.setUint32(36,1684108385),e.setUint32(40,o,!0)}),g=new Map;u(self,{characterize:()=>({result:/^audio\\/wav$/}),encode:({recordingId:e,timeslice:t})=>{const r=g.get(e);void 0!==r&&(g.delete(e),r.reject(new Error("Another request was made to initiate an encoding.")));const n=f.get(e);if(null!==t){if(void 0===n||d(n.channelDataArrays[0])*(1e3/n.sampleRate)<t)return new Promise((r,n)=>{g.set(e,{reject:n,resolve:r,timeslice:t})});const r=h(n.channelDataArrays,Math.ceil(t*(n.sampleRate/1e3))),s=p(r,n.isComplete?"initial":"subsequent",16,n.sampleRate);return n.isComplete=!1,{result:s,transferables:s}}if(void 0!==n){const t=p(n.channelDataArrays,n.isComplete?"complete":"subsequent",16,n.sampleRate);return f.delete(e),{result:t,transferables:t}}return{result:[],transferables:[]}},record:({recordingId:e,sampleRate:t,typedArrays:r})=>{const n=m(e,t,r),s=g.get(e);if(void 0!==s&&d(n.channelDataArrays[0])*(1e3/t)>=s.timeslice){const r=h(n.channelDataArrays,Math.ceil(s.timeslice*(t/1e3))),a=p(r,n.isComplete?"initial":"subsequent",16,t);n.isComplete=!1,g.delete(e),s.resolve({result:a,transferables:a})}return{result:null}}})})()})();`;
var zd = new Blob([Uu], { type: 'application/javascript; charset=utf-8' }),
  Vu = URL.createObjectURL(zd),
  Rt = Bu(Vu),
  CB = Rt.characterize,
  qu = Rt.connect,
  AB = Rt.disconnect,
  wB = Rt.encode,
  EB = Rt.isSupported,
  bB = Rt.record;
URL.revokeObjectURL(Vu);
var Gu = () => navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: !1 }),
  ju = (e) => {
    let t = document.createElement('canvas');
    return (
      (t.width = e.videoWidth),
      (t.height = e.videoHeight),
      t.getContext('2d')?.drawImage(e, 0, 0),
      new Promise((r, n) =>
        t.toBlob((o) => (o === null ? n(new Error('no frame')) : r(o)), 'image/jpeg', 0.9),
      )
    );
  },
  zn = (e) => e?.getTracks().forEach((t) => t.stop()),
  Yd = null,
  Hd = () => (Yd ??= qu().then(Wu)),
  $d = 16e3,
  zu = async () => {
    await Hd();
    let e = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: !0, noiseSuppression: !0 },
      }),
      t = new AudioContext({ sampleRate: $d }),
      r = new MediaStreamAudioDestinationNode(t, { channelCount: 1 });
    t.createMediaStreamSource(e).connect(r);
    let n = new Lu(r.stream, { mimeType: 'audio/wav' }),
      o = [];
    return (
      n.addEventListener('dataavailable', (a) => o.push(a.data)),
      n.start(),
      {
        stop: () =>
          new Promise((a) => {
            (n.addEventListener('stop', () => {
              (zn(e), t.close(), a(new Blob(o, { type: 'audio/wav' })));
            }),
              n.stop());
          }),
      }
    );
  };
var Yu = (e) => ({ blob: e, url: URL.createObjectURL(e) }),
  nr = (e) => e !== null && URL.revokeObjectURL(e.url),
  Hu = (e) => {
    let { words: t } = e,
      r = go(null),
      [n, o] = Q(null),
      [a, i] = Q(!1),
      [s, c] = Q(null),
      [l, u] = Q(null),
      [p, m] = Q(null),
      d = To(p?.startedAt ?? null),
      [f, h] = Q(!1),
      [x, _] = Q(!1),
      [y, w] = Q(null),
      N = () => {
        (i(!1), Gu().then(o, () => i(!0)));
      };
    (ve(N, []),
      ve(() => (r.current !== null && n !== null && (r.current.srcObject = n), () => zn(n)), [n]),
      ve(() => () => (nr(s), nr(l)), []));
    let g = async () => {
        if (r.current === null) return;
        let T = await ju(r.current);
        (nr(s), c(Yu(T)), o(null));
      },
      A = () => {
        (nr(s), c(null), w(null), N());
      },
      C = async () => {
        (h(!1), w(null));
        try {
          m({ ...(await zu()), startedAt: Date.now() });
        } catch {
          h(!0);
        }
      },
      v = async () => {
        if (p === null) return;
        let T = await p.stop();
        (m(null), nr(l), u(Yu(T)));
      },
      O = async () => {
        if (s === null || l === null) return;
        (_(!0), w(null));
        let T = await e.api.evidence(s.blob, l.blob);
        (_(!1), T.ok ? e.onVerified(T.data) : w(T.refusal));
      };
    return k('section', {
      'aria-labelledby': 'selfie-heading',
      children: [
        k('h1', { id: 'selfie-heading', children: t.selfie.heading }),
        k('p', { children: t.selfie.explain }),
        s === null
          ? k('div', {
              class: 'media',
              children: a
                ? k(ke, {
                    children: [
                      k('p', { role: 'alert', children: t.selfie.noCamera }),
                      k('button', { type: 'button', onClick: N, children: t.selfie.openCamera }),
                    ],
                  })
                : k(ke, {
                    children: [
                      k('video', {
                        ref: r,
                        autoplay: !0,
                        playsinline: !0,
                        muted: !0,
                        'aria-label': t.selfie.camera,
                      }),
                      k('button', {
                        type: 'button',
                        class: 'primary',
                        'data-testid': 'selfie-capture',
                        disabled: n === null,
                        onClick: () => {
                          g();
                        },
                        children: t.selfie.capture,
                      }),
                    ],
                  }),
            })
          : k('div', {
              class: 'media',
              children: [
                k('img', { src: s.url, alt: t.selfie.preview }),
                k('button', {
                  type: 'button',
                  'data-testid': 'selfie-retake',
                  onClick: A,
                  children: t.selfie.retake,
                }),
              ],
            }),
        s !== null &&
          k(ke, {
            children: [
              k('h2', { children: t.audio.heading }),
              k('blockquote', { class: 'phrase', lang: 'pt-BR', children: e.page.phrase }),
              f && k('p', { role: 'alert', children: t.audio.noMicrophone }),
              p === null
                ? k('button', {
                    type: 'button',
                    'data-testid': 'audio-record',
                    onClick: () => {
                      C();
                    },
                    children: l === null ? t.audio.record : t.audio.rerecord,
                  })
                : k(ke, {
                    children: [
                      k('p', { role: 'status', children: t.audio.recording }),
                      k('p', {
                        class: 'timer',
                        'data-testid': 'audio-seconds',
                        'data-seconds': d ?? 0,
                        'aria-hidden': 'true',
                        children: t.duration(Math.floor((d ?? 0) / 60), (d ?? 0) % 60),
                      }),
                      k('button', {
                        type: 'button',
                        class: 'primary',
                        'data-testid': 'audio-stop',
                        onClick: () => {
                          v();
                        },
                        children: t.audio.stop,
                      }),
                    ],
                  }),
              l !== null &&
                p === null &&
                k('audio', { controls: !0, src: l.url, 'aria-label': t.audio.playback }),
            ],
          }),
        k(Xe, { words: t, refusal: y, testId: 'evidence-error' }),
        s !== null &&
          l !== null &&
          p === null &&
          k('button', {
            type: 'button',
            class: 'primary',
            'data-testid': 'evidence-submit',
            disabled: x,
            onClick: () => {
              O();
            },
            children: x ? t.evidence.sending : t.evidence.submit,
          }),
      ],
    });
  };
var $u = (e) => {
  let { intro: t } = e.words,
    { page: r } = e;
  return k('section', {
    'data-testid': 'consent-intro',
    'aria-labelledby': 'intro-heading',
    children: [
      k('h1', { id: 'intro-heading', children: t.heading(r.requester.firstName ?? t.someone) }),
      r.person && k('p', { children: t.forWhom(r.person.firstName, r.person.kind === 'minor') }),
      k('h2', { children: t.analysedHeading }),
      k('p', { children: t.analysed }),
      k('h2', { children: t.seeHeading }),
      k('p', { children: t.see }),
      k('h2', { children: t.notSeeHeading }),
      k('p', { children: t.notSee }),
      k('p', { class: 'note', children: t.free }),
      k('button', { type: 'button', class: 'primary', onClick: e.onStart, children: t.start }),
    ],
  });
};
var Xd = ['disconnected', 'cancelled', 'revoked'],
  Xu = (e) => {
    let { words: t, api: r } = e,
      [n, o] = Q(null),
      [a, i] = Q(null),
      [s, c] = Q(!1),
      [l, u] = Q(!1),
      p = (N) => (N.ok ? (o(N.data), i(null)) : i(N.refusal), N),
      m = async () => {
        (c(!0), p(await r.startPairing()), c(!1));
      },
      d = vo(async () => {
        let N = await r.pairing();
        (N.ok || N.refusal.code !== 'NOT_FOUND') && p(N);
      }, [r]);
    ve(() => {
      r.pairing().then((N) => {
        if (!N.ok && N.refusal.code === 'NOT_FOUND') return m();
        p(N);
      });
    }, []);
    let f = bo(r.eventsUrl, () => {
        d();
      }),
      h = async (N) => {
        (c(!0), p(await r.answerPasskey(N)), c(!1));
      },
      x = n?.challenge ?? null,
      _ = So(x?.expiresAt ?? null),
      y = n !== null && Xd.includes(n.status),
      w =
        n?.failureReason === 'passkey_required' ||
        n?.failureReason === 'passkey_refused' ||
        n?.failureReason === 'codes_exhausted'
          ? t.pairing.failure[n.failureReason]
          : t.pairing.failure.other;
    return k('section', {
      'aria-labelledby': 'pairing-heading',
      children: [
        k('h1', { id: 'pairing-heading', children: t.pairing.heading }),
        k('p', { class: 'live', role: 'status', children: f ? t.pairing.live : t.pairing.reconnecting }),
        n !== null &&
          k('p', {
            role: 'status',
            'aria-live': 'polite',
            'data-testid': 'pairing-status',
            'data-status': n.status,
            children: y ? w : t.pairing.status[n.status],
          }),
        x?.kind === 'code' &&
          x.code !== null &&
          !y &&
          k('div', {
            class: 'code',
            children: [
              k('p', { id: 'code-label', children: t.pairing.codeLabel }),
              k('p', {
                class: 'code-value',
                'data-testid': 'pairing-code',
                'aria-labelledby': 'code-label',
                children: x.code,
              }),
              k('button', {
                type: 'button',
                onClick: () => {
                  navigator.clipboard?.writeText(x.code ?? '').then(() => u(!0));
                },
                children: l ? t.pairing.copied : t.pairing.copy,
              }),
              _ !== null &&
                k('p', {
                  children:
                    _ > 0 ? t.pairing.expiresIn(t.duration(Math.floor(_ / 60), _ % 60)) : t.pairing.expired,
                }),
              k('ol', { children: t.pairing.steps.map((N) => k('li', { children: N }, N)) }),
            ],
          }),
        x?.kind === 'passkey_confirm' &&
          !y &&
          k('div', {
            class: 'passkey',
            children: [
              k('h2', { children: t.pairing.passkeyHeading }),
              k('p', { class: 'code-value', children: t.pairing.passkeyAsk(x.code ?? '') }),
              k('div', {
                class: 'choices',
                children: [
                  k('button', {
                    type: 'button',
                    class: 'primary',
                    'data-testid': 'passkey-yes',
                    disabled: s,
                    onClick: () => {
                      h(!0);
                    },
                    children: t.pairing.passkeyYes,
                  }),
                  k('button', {
                    type: 'button',
                    'data-testid': 'passkey-no',
                    disabled: s,
                    onClick: () => {
                      h(!1);
                    },
                    children: t.pairing.passkeyNo,
                  }),
                ],
              }),
            ],
          }),
        k(Xe, { words: t, refusal: a, testId: 'pairing-error' }),
        (y || a !== null) &&
          k('button', {
            type: 'button',
            class: 'primary',
            disabled: s,
            onClick: () => {
              m();
            },
            children: t.pairing.retry,
          }),
        n?.status === 'paired' &&
          k('button', {
            type: 'button',
            class: 'primary',
            onClick: e.onProtection,
            children: t.pairing.toProtection,
          }),
      ],
    });
  };
var Zd = ['ready_to_connect', 'needs_you', 'connecting'],
  Zu = (e) => {
    let { words: t, api: r } = e,
      [n, o] = Q(null),
      [a, i] = Q(!1),
      [s, c] = Q(!1),
      [l, u] = Q(null),
      p = async () => {
        let f = await r.protection();
        f.ok ? o(f.data) : e.onDeadEnd(f.refusal);
      };
    ve(() => {
      p();
    }, []);
    let m = async () => {
      c(!0);
      let f = await r.stop();
      (c(!1),
        i(!1),
        f.ok && n !== null
          ? o({ ...n, state: 'stopped', reason: null, since: new Date().toISOString(), canStop: !1 })
          : f.ok || u(f.refusal));
    };
    if (n === null) return k('p', { role: 'status', children: t.loading });
    let { protection: d } = t;
    return k('section', {
      'aria-labelledby': 'protection-heading',
      children: [
        k('h1', { id: 'protection-heading', children: d.heading }),
        k('p', {
          class: 'state',
          'data-testid': 'protection-state',
          'data-state': n.state,
          children: d.state[n.state],
        }),
        k('p', { children: d.since(t.dateTime(n.since)) }),
        n.state !== 'stopped' && k('p', { children: d.analysed }),
        k('p', {
          'data-testid': 'excerpt-views',
          'data-count': n.excerptViews.count30d,
          children: [
            d.views(n.excerptViews.count30d),
            n.excerptViews.lastAt !== null && ` ${d.lastView(t.dateTime(n.excerptViews.lastAt))}`,
          ],
        }),
        Zd.includes(n.state) &&
          k('button', { type: 'button', class: 'primary', onClick: e.onConnect, children: d.connect }),
        k(Xe, { words: t, refusal: l, testId: 'stop-error' }),
        n.canStop &&
          (a
            ? k('div', {
                role: 'alertdialog',
                'aria-labelledby': 'stop-ask',
                class: 'confirm',
                children: [
                  k('p', { id: 'stop-ask', children: d.stopAsk }),
                  k('div', {
                    class: 'choices',
                    children: [
                      k('button', {
                        type: 'button',
                        class: 'danger',
                        'data-testid': 'stop-confirm',
                        disabled: s,
                        onClick: () => {
                          m();
                        },
                        children: d.stopConfirm,
                      }),
                      k('button', { type: 'button', onClick: () => i(!1), children: d.stopCancel }),
                    ],
                  }),
                ],
              })
            : k('button', {
                type: 'button',
                class: 'danger',
                'data-testid': 'stop',
                onClick: () => i(!0),
                children: d.stop,
              })),
      ],
    });
  };
var Qd = (e) => {
    switch (e.status) {
      case 'given':
        return { name: 'protection' };
      case 'declined':
        return { name: 'declined' };
      case 'pending':
      case null:
        return { name: e.evidenceVerified ? 'decision' : 'intro', page: e };
      default:
        return {
          name: 'dead-end',
          refusal: { code: 'CONSENT_EXPIRED', details: {}, retryAfterSeconds: null },
        };
    }
  },
  Qu = (e) => {
    let { words: t } = e,
      r = dr(() => Co(e.token), [e.token]),
      [n, o] = Q({ name: 'loading' }),
      a = async () => {
        o({ name: 'loading' });
        let i = await r.page();
        o(i.ok ? Qd(i.data) : { name: 'dead-end', refusal: i.refusal });
      };
    switch (
      (ve(() => {
        a();
      }, []),
      ve(() => {
        let i = document.getElementById('page')?.querySelector('h1');
        (i?.setAttribute('tabindex', '-1'), i?.focus());
      }, [n.name]),
      n.name)
    ) {
      case 'loading':
        return k('p', { role: 'status', children: t.loading });
      case 'intro':
        return k($u, { words: t, page: n.page, onStart: () => o({ ...n, name: 'evidence' }) });
      case 'evidence':
        return k(Hu, { words: t, api: r, page: n.page, onVerified: (i) => o({ name: 'decision', page: i }) });
      case 'decision':
        return k(Ao, {
          words: t,
          api: r,
          onAccepted: () => o({ name: 'pairing' }),
          onDeclined: () => o({ name: 'declined' }),
          onEvidenceMissing: () => o({ ...n, name: 'evidence' }),
        });
      case 'declined':
        return k(wo, { words: t });
      case 'pairing':
        return k(Xu, { words: t, api: r, onProtection: () => o({ name: 'protection' }) });
      case 'protection':
        return k(Zu, {
          words: t,
          api: r,
          onConnect: () => o({ name: 'pairing' }),
          onDeadEnd: (i) => o({ name: 'dead-end', refusal: i }),
        });
      case 'dead-end':
        return k(Eo, {
          words: t,
          refusal: n.refusal,
          onRetry: () => {
            a();
          },
        });
    }
  };
var Ku = {
  lang: 'en',
  title: 'Family protection',
  loading: 'Loading\u2026',
  intro: {
    heading: (e) => `${e} asks for your permission`,
    someone: 'Someone in your family',
    forWhom: (e, t) =>
      t
        ? `To protect you, ${e}, from risks in your WhatsApp chats (you are under age: your family answers for you, but your word counts).`
        : `To protect you, ${e}, from risks in your WhatsApp chats.`,
    analysedHeading: 'What is analysed',
    analysed:
      'The messages you send and receive on WhatsApp are read by an automatic system that looks for signs of danger: scams, harassment, threats, self-harm.',
    seeHeading: 'What your family sees',
    see: 'A warning when there is a risk, with its kind and how serious it is. Only if they open the warning do they see a short excerpt, and you can see how many times that happened.',
    notSeeHeading: 'What your family does not see',
    notSee:
      'Your whole conversations, your photos, your voice notes, your passwords. Nothing is shown without a risk.',
    free: 'You decide. You can say no, and you can stop later, at any time, with this same link.',
    start: 'Start',
  },
  selfie: {
    heading: 'Step 1: a selfie',
    explain: 'To confirm that you are the one who agrees. Look at the camera, alone, your face visible.',
    capture: 'Take the selfie',
    retake: 'Take another',
    preview: 'Your selfie',
    camera: 'Camera image',
    noCamera: 'We could not open the camera. Allow the camera in your browser and try again.',
    openCamera: 'Open the camera',
  },
  audio: {
    heading: 'Step 2: read the phrase aloud',
    record: 'Record',
    rerecord: 'Record again',
    stop: 'Stop recording',
    recording: 'Recording\u2026 read the phrase, then tap stop.',
    playback: 'Listen to your recording',
    noMicrophone: 'We could not open the microphone. Allow the microphone in your browser and try again.',
  },
  evidence: {
    submit: 'Send selfie and audio',
    sending: 'Checking\u2026',
    verified: 'All good: we recognised you and your reading.',
  },
  decision: {
    heading: 'Do you accept the protection?',
    accept: 'Yes, I accept',
    decline: 'No, I do not',
    declined:
      'That is fine. You said no, and nothing will be analysed. Your family learns that the answer was no.',
  },
  pairing: {
    heading: 'Connect your WhatsApp',
    start: 'Show the code',
    codeLabel: 'Your code',
    copy: 'Copy the code',
    copied: 'Code copied',
    expiresIn: (e) => `Valid for ${e} more`,
    expired: 'The code expired; a new one comes by itself.',
    steps: [
      'On your phone, open WhatsApp.',
      'Tap \u22EE (Android) or Settings (iPhone), then Linked devices.',
      'Tap Link a device, then Link with phone number instead.',
      'Type the code above.',
    ],
    passkeyHeading: 'Does WhatsApp show a number on your phone?',
    passkeyAsk: (e) => `Is it the same as this one: ${e}?`,
    passkeyYes: 'Yes, the same',
    passkeyNo: 'No, different',
    retry: 'Try again',
    live: 'Following live',
    reconnecting: 'No connection to the server; trying again\u2026',
    toProtection: 'See my protection',
    status: {
      starting: 'Preparing the code\u2026',
      challenge: 'Waiting for you to type the code in WhatsApp.',
      passkey: 'Confirm the number on your phone.',
      connecting: 'Connecting\u2026',
      paired: 'Connected! Protection has started.',
      degraded: 'The connection dropped; we are reconnecting.',
      disconnected: 'The connection ended.',
      cancelled: 'The connection was cancelled.',
      revoked: 'The connection was ended.',
    },
    failure: {
      passkey_required: 'WhatsApp asked for a passkey, which we cannot use yet. Please try again later.',
      passkey_refused: 'You said the number was different, so we did not connect. Try again.',
      codes_exhausted: 'The codes ran out without being used. Try again.',
      other: 'We could not connect. Try again.',
    },
  },
  protection: {
    heading: 'Your protection',
    since: (e) => `Since ${e}`,
    state: {
      waiting_consent: 'Waiting for your answer.',
      declined: 'You said no.',
      ready_to_connect: 'You accepted. Your WhatsApp still needs connecting.',
      connecting: 'Connecting your WhatsApp.',
      protecting: 'You are protected.',
      needs_you: 'Protection needs you: connect WhatsApp again.',
      paused: 'Your family paused the protection for a while.',
      stopped: 'You stopped the protection. Nothing is analysed any more.',
      ended: 'The protection has ended.',
    },
    analysed: 'The messages of your WhatsApp are analysed, looking for signs of danger.',
    views: (e) =>
      e === 0
        ? 'In the last 30 days, your family opened no excerpt of your messages.'
        : e === 1
          ? 'In the last 30 days, your family opened an excerpt of your messages once.'
          : `In the last 30 days, your family opened an excerpt of your messages ${e} times.`,
    lastView: (e) => `The last time: ${e}.`,
    connect: 'Connect WhatsApp',
    stop: 'Stop the protection',
    stopAsk:
      'Stop for real? Nothing more will be analysed, and only a new permission from you protects again.',
    stopConfirm: 'Yes, stop',
    stopCancel: 'No, keep it',
  },
  deadEnd: {
    expired: 'This link expired or was replaced by a newer one. Ask your family for a new link.',
    notFound: 'This link does not exist. Check that it was copied whole.',
    replaced: 'There is a newer permission: use the latest link your family sent.',
    offline: 'No connection. Check the internet and try again.',
    retry: 'Try again',
  },
  errors: {
    SELFIE_NO_FACE: (e) =>
      e === 0 || e === null
        ? 'We found no face in the selfie. Take another, your face well visible and lit.'
        : `We found ${e} faces in the selfie. Take another, with only you in it.`,
    AUDIO_PHRASE_MISMATCH: (e) =>
      e.length > 0
        ? `We did not hear these words: ${e.join(', ')}. Record again, reading the whole phrase.`
        : 'The recording does not match the phrase. Record again, reading the whole phrase.',
    AUDIO_UNINTELLIGIBLE: 'We could not understand the recording. Record again somewhere quiet.',
    EVIDENCE_VERIFICATION_UNAVAILABLE: 'The check is unavailable right now. Try again in a few minutes.',
    EVIDENCE_REQUIRED: 'Before answering, send the selfie and the audio.',
    CONSENT_ALREADY_GIVEN: 'You already accepted.',
    RATE_LIMITED: (e) =>
      e === null
        ? 'Too many attempts. Wait a little and try again.'
        : `Too many attempts. Try again in ${e < 120 ? `${e} seconds` : `${Math.ceil(e / 60)} minutes`}.`,
    SEAT_NOT_ACTIVE: 'Your family is still finishing setting up the protection. Try again in a little while.',
    CHANNEL_NOT_ENABLED:
      'Your family is still finishing setting up the protection. Try again in a little while.',
    NO_PROXY_CAPACITY: 'The service is full right now. Try again in a few minutes.',
    PAIRING_NOT_AWAITING_CONFIRMATION: 'That question no longer applies; see the status below.',
    other: 'Something went wrong. Try again.',
  },
  duration: (e, t) => `${e}:${String(t).padStart(2, '0')}`,
  dateTime: (e) => new Date(e).toLocaleString('en', { dateStyle: 'long', timeStyle: 'short' }),
};
var Ju = {
  lang: 'pt-BR',
  title: 'Prote\xE7\xE3o da fam\xEDlia',
  loading: 'Carregando\u2026',
  intro: {
    heading: (e) => `${e} pede a sua permiss\xE3o`,
    someone: 'Uma pessoa da sua fam\xEDlia',
    forWhom: (e, t) =>
      t
        ? `Para proteger voc\xEA, ${e}, de riscos nas conversas do WhatsApp (voc\xEA \xE9 menor de idade: a sua fam\xEDlia responde por voc\xEA, mas a sua palavra conta).`
        : `Para proteger voc\xEA, ${e}, de riscos nas conversas do WhatsApp.`,
    analysedHeading: 'O que \xE9 analisado',
    analysed:
      'As mensagens que chegam e saem no seu WhatsApp s\xE3o lidas por um sistema autom\xE1tico que procura sinais de perigo: golpes, ass\xE9dio, amea\xE7as, automutila\xE7\xE3o.',
    seeHeading: 'O que a sua fam\xEDlia v\xEA',
    see: 'Um aviso quando h\xE1 um risco, com o tipo e a gravidade. S\xF3 se abrirem o aviso, veem um trecho curto da conversa, e voc\xEA pode saber quantas vezes isso aconteceu.',
    notSeeHeading: 'O que a sua fam\xEDlia n\xE3o v\xEA',
    notSee:
      'As suas conversas inteiras, as suas fotos, os seus \xE1udios, as suas senhas. Nada \xE9 mostrado sem um risco.',
    free: 'Voc\xEA decide. Pode dizer n\xE3o, e pode parar depois, a qualquer momento, por este mesmo link.',
    start: 'Come\xE7ar',
  },
  selfie: {
    heading: 'Passo 1: uma selfie',
    explain:
      'Para confirmar que \xE9 voc\xEA quem aceita. Olhe para a c\xE2mera, sozinho(a), com o rosto vis\xEDvel.',
    capture: 'Tirar a selfie',
    retake: 'Tirar outra',
    preview: 'A sua selfie',
    camera: 'Imagem da c\xE2mera',
    noCamera:
      'N\xE3o conseguimos abrir a c\xE2mera. Permita o uso da c\xE2mera no navegador e tente de novo.',
    openCamera: 'Abrir a c\xE2mera',
  },
  audio: {
    heading: 'Passo 2: leia a frase em voz alta',
    record: 'Gravar',
    rerecord: 'Gravar de novo',
    stop: 'Parar a grava\xE7\xE3o',
    recording: 'Gravando\u2026 leia a frase e depois toque em parar.',
    playback: 'Ou\xE7a a sua grava\xE7\xE3o',
    noMicrophone:
      'N\xE3o conseguimos abrir o microfone. Permita o uso do microfone no navegador e tente de novo.',
  },
  evidence: {
    submit: 'Enviar selfie e \xE1udio',
    sending: 'Verificando\u2026',
    verified: 'Tudo certo: reconhecemos voc\xEA e a sua leitura.',
  },
  decision: {
    heading: 'Voc\xEA aceita a prote\xE7\xE3o?',
    accept: 'Sim, aceito',
    decline: 'N\xE3o aceito',
    declined:
      'Tudo bem. Voc\xEA n\xE3o aceitou, e nada ser\xE1 analisado. A sua fam\xEDlia fica sabendo que a resposta foi n\xE3o.',
  },
  pairing: {
    heading: 'Conecte o seu WhatsApp',
    start: 'Mostrar o c\xF3digo',
    codeLabel: 'O seu c\xF3digo',
    copy: 'Copiar o c\xF3digo',
    copied: 'C\xF3digo copiado',
    expiresIn: (e) => `Vale por mais ${e}`,
    expired: 'O c\xF3digo venceu; um novo chega sozinho.',
    steps: [
      'No seu celular, abra o WhatsApp.',
      'Toque em \u22EE (Android) ou em Configura\xE7\xF5es (iPhone) e depois em Aparelhos conectados.',
      'Toque em Conectar um aparelho e depois em Conectar com n\xFAmero de telefone.',
      'Digite o c\xF3digo acima.',
    ],
    passkeyHeading: 'O WhatsApp mostra um n\xFAmero no seu celular?',
    passkeyAsk: (e) => `Ele \xE9 igual a este: ${e}?`,
    passkeyYes: 'Sim, \xE9 igual',
    passkeyNo: 'N\xE3o, \xE9 diferente',
    retry: 'Tentar de novo',
    live: 'Acompanhando ao vivo',
    reconnecting: 'Sem conex\xE3o com o servidor; tentando de novo\u2026',
    toProtection: 'Ver a minha prote\xE7\xE3o',
    status: {
      starting: 'Preparando o c\xF3digo\u2026',
      challenge: 'Esperando voc\xEA digitar o c\xF3digo no WhatsApp.',
      passkey: 'Confirme o n\xFAmero no seu celular.',
      connecting: 'Conectando\u2026',
      paired: 'Conectado! A prote\xE7\xE3o come\xE7ou.',
      degraded: 'A conex\xE3o caiu; estamos reconectando.',
      disconnected: 'A conex\xE3o terminou.',
      cancelled: 'A conex\xE3o foi cancelada.',
      revoked: 'A conex\xE3o foi encerrada.',
    },
    failure: {
      passkey_required:
        'O WhatsApp pediu uma chave de acesso (passkey), que ainda n\xE3o conseguimos usar. Tente de novo mais tarde.',
      passkey_refused:
        'Voc\xEA disse que o n\xFAmero era diferente, ent\xE3o n\xE3o conectamos. Tente de novo.',
      codes_exhausted: 'Os c\xF3digos acabaram sem ser usados. Tente de novo.',
      other: 'N\xE3o foi poss\xEDvel conectar. Tente de novo.',
    },
  },
  protection: {
    heading: 'A sua prote\xE7\xE3o',
    since: (e) => `Desde ${e}`,
    state: {
      waiting_consent: 'Esperando a sua resposta.',
      declined: 'Voc\xEA n\xE3o aceitou.',
      ready_to_connect: 'Voc\xEA aceitou. Falta conectar o seu WhatsApp.',
      connecting: 'Conectando o seu WhatsApp.',
      protecting: 'Voc\xEA est\xE1 protegido(a).',
      needs_you: 'A prote\xE7\xE3o precisa de voc\xEA: conecte o WhatsApp de novo.',
      paused: 'A sua fam\xEDlia pausou a prote\xE7\xE3o por um tempo.',
      stopped: 'Voc\xEA parou a prote\xE7\xE3o. Nada mais \xE9 analisado.',
      ended: 'A prote\xE7\xE3o terminou.',
    },
    analysed: 'S\xE3o analisadas as mensagens do seu WhatsApp, \xE0 procura de sinais de perigo.',
    views: (e) =>
      e === 0
        ? 'Nos \xFAltimos 30 dias, a sua fam\xEDlia n\xE3o abriu nenhum trecho das suas mensagens.'
        : e === 1
          ? 'Nos \xFAltimos 30 dias, a sua fam\xEDlia abriu 1 vez um trecho das suas mensagens.'
          : `Nos \xFAltimos 30 dias, a sua fam\xEDlia abriu ${e} vezes um trecho das suas mensagens.`,
    lastView: (e) => `A \xFAltima vez: ${e}.`,
    connect: 'Conectar o WhatsApp',
    stop: 'Parar a prote\xE7\xE3o',
    stopAsk: 'Parar mesmo? Nada mais ser\xE1 analisado, e s\xF3 uma nova permiss\xE3o sua volta a proteger.',
    stopConfirm: 'Sim, parar',
    stopCancel: 'N\xE3o, continuar',
  },
  deadEnd: {
    expired: 'Este link venceu ou foi trocado por um mais novo. Pe\xE7a \xE0 sua fam\xEDlia um link novo.',
    notFound: 'Este link n\xE3o existe. Confira se ele foi copiado inteiro.',
    replaced: 'Existe uma permiss\xE3o mais nova: use o \xFAltimo link que a sua fam\xEDlia enviou.',
    offline: 'Sem conex\xE3o. Confira a internet e tente de novo.',
    retry: 'Tentar de novo',
  },
  errors: {
    SELFIE_NO_FACE: (e) =>
      e === 0 || e === null
        ? 'N\xE3o encontramos um rosto na selfie. Tire outra, com o rosto bem vis\xEDvel e com luz.'
        : `Encontramos ${e} rostos na selfie. Tire outra, s\xF3 voc\xEA na imagem.`,
    AUDIO_PHRASE_MISMATCH: (e) =>
      e.length > 0
        ? `N\xE3o ouvimos estas palavras: ${e.join(', ')}. Grave de novo, lendo a frase inteira.`
        : 'A grava\xE7\xE3o n\xE3o corresponde \xE0 frase. Grave de novo, lendo a frase inteira.',
    AUDIO_UNINTELLIGIBLE:
      'N\xE3o conseguimos entender a grava\xE7\xE3o. Grave de novo, num lugar silencioso.',
    EVIDENCE_VERIFICATION_UNAVAILABLE:
      'A verifica\xE7\xE3o est\xE1 fora do ar agora. Tente de novo em alguns minutos.',
    EVIDENCE_REQUIRED: 'Antes de responder, envie a selfie e o \xE1udio.',
    CONSENT_ALREADY_GIVEN: 'Voc\xEA j\xE1 aceitou.',
    RATE_LIMITED: (e) =>
      e === null
        ? 'Muitas tentativas. Espere um pouco e tente de novo.'
        : `Muitas tentativas. Tente de novo em ${e < 120 ? `${e} segundos` : `${Math.ceil(e / 60)} minutos`}.`,
    SEAT_NOT_ACTIVE:
      'A sua fam\xEDlia ainda est\xE1 terminando de preparar a prote\xE7\xE3o. Tente de novo daqui a pouco.',
    CHANNEL_NOT_ENABLED:
      'A sua fam\xEDlia ainda est\xE1 terminando de preparar a prote\xE7\xE3o. Tente de novo daqui a pouco.',
    NO_PROXY_CAPACITY: 'O servi\xE7o est\xE1 cheio agora. Tente de novo em alguns minutos.',
    PAIRING_NOT_AWAITING_CONFIRMATION: 'Essa pergunta j\xE1 n\xE3o vale; veja o estado abaixo.',
    other: 'Algo deu errado. Tente de novo.',
  },
  duration: (e, t) => `${e}:${String(t).padStart(2, '0')}`,
  dateTime: (e) => new Date(e).toLocaleString('pt-BR', { dateStyle: 'long', timeStyle: 'short' }),
};
var el = (e) => ((e.find((r) => /^(pt|en)\b/i.test(r)) ?? 'pt-BR').toLowerCase().startsWith('en') ? Ku : Ju);
var Kd = decodeURIComponent(location.pathname.split('/c/')[1]?.split('/')[0] ?? ''),
  Yn = el(navigator.languages);
document.documentElement.lang = Yn.lang;
document.title = Yn.title;
var tl = document.getElementById('page');
tl !== null && so(k(Qu, { words: Yn, token: Kd }), tl);
